import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { interactionChannel } from "./enums";

/**
 * Issue 26, ADR 0137: the interactions of each business account counted per
 * local hour (its time zone when counted), AI employee, channel, outcome as
 * the charts stack it, and transfer destination. /insights and
 * `GET /api/insights` read only this table. Kept current by triggers on
 * `interactions` in the writer's own transaction (migration 0023), rebuilt
 * exactly by the repair job (src/features/insights/rollups.server.ts).
 * No foreign keys: the triggers subtract a deleted account's or AI
 * employee's records and drop the rows that reach zero.
 */
export const interactionRollups = pgTable(
  "interaction_rollups",
  {
    accountId: text("account_id").notNull(),
    /** The calendar day and hour (0–23) in the account's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    aiReadyOrderId: text("ai_ready_order_id").notNull(),
    channel: interactionChannel("channel").notNull(),
    /** answered, missed (no_answer, busy, failed), voicemail, transferred, spam (reported as spam included). */
    outcome: text("outcome").notNull().$type<"answered" | "missed" | "voicemail" | "transferred" | "spam">(),
    /** Where a transferred call went ('' when not transferred or not said). */
    transferDestination: text("transfer_destination").notNull().default(""),
    interactions: integer("interactions").notNull(),
    appointments: integer("appointments").notNull(),
    /** Answered or transferred while the AI employee's business was closed. */
    answeredAfterHours: integer("answered_after_hours").notNull(),
    /** Phone calls with a duration above zero, and the sum of their durations. */
    timedCalls: integer("timed_calls").notNull(),
    durationMsSum: bigint("duration_ms_sum", { mode: "number" }).notNull(),
    /** Units in thousandths, spam-credited records excluded. */
    unitsMilli: bigint("units_milli", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ name: "interaction_rollups_pk", columns: [t.accountId, t.day, t.hour, t.aiReadyOrderId, t.channel, t.outcome, t.transferDestination] }),
    // The triggers drop the rows a change brought to zero.
    index("interaction_rollups_empty_idx")
      .on(t.accountId)
      .where(sql`interactions = 0`),
  ],
);
