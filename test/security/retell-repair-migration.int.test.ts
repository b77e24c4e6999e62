import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../migrations/run-migrations";

/**
 * Issue 21: migration 0011 repairs what the Retell defect wrote. It runs on a
 * database of the release before the fix (migrations up to 0009), holding the
 * copies the defect made: every record without a transcript got the analyzed
 * call's transcript, and its summary where none was set.
 */

let db: PGlite;
const T = JSON.stringify([
  { speaker: "caller", text: "My water heater is leaking" },
  { speaker: "agent", text: "A technician comes at two." },
]);
const OTHER = JSON.stringify([{ speaker: "caller", text: "Do you open on Sunday?" }]);

beforeAll(async () => {
  db = new PGlite("memory://", { extensions: { pg_trgm } });
  await migrate(db, 0, 9);
  await db.exec(`
    insert into "user" (id, name, email) values ('u1', 'Caller''s business', 'a@example.com'), ('u2', 'Other business', 'b@example.com');
    insert into ai_ready_orders (id, ai_employee_name, ai_phone_number, customer_email, web_chat_url, claimed_by_user_id) values
      ('o1', 'Nova', '+14155550142', 'a@example.com', 'https://chat.example.com/nova', 'u1'),
      ('o2', 'Max', '+14155550199', 'b@example.com', 'https://chat.example.com/max', 'u2');
  `);
  const row = (id: string, order: string, user: string, source: string, channel: string, transcript: string | null, summary: string | null, createdAt: string, anonymized = false) =>
    db.query(
      `insert into interactions (id, ai_ready_order_id, user_id, channel, direction, outcome, started_at, duration_ms, agent_messages, transcript, summary, units_milli, unit_rule, source, created_at, anonymized_at)
       values ($1, $2, $3, $4, 'inbound', 'answered', $5, $6, $7, $8::jsonb, $9, 1000, 'call', $10, $5, $11)`,
      [id, order, user, channel, createdAt, channel === "phone" ? 60000 : null, channel === "phone" ? null : 2, transcript, summary, source, anonymized ? createdAt : null],
    );
  // The analyzed call, and what its call_analyzed wrote into the records that had no transcript.
  await row("retell:call_original", "o1", "u1", "retell", "phone", T, "Water heater leak, technician booked", "2026-11-20T10:05:00Z");
  await row("retell:call_older", "o1", "u1", "retell", "phone", T, "Water heater leak, technician booked", "2026-11-19T09:00:00Z");
  await row("sms-1", "o2", "u2", "api", "sms", T, "Water heater leak, technician booked", "2026-11-18T08:00:00Z");
  await row("chat-1", "o2", "u2", "api", "chat", T, "Asked about prices", "2026-11-17T08:00:00Z");
  await row("old-1", "o2", "u2", "api", "phone", T, "Water heater leak, technician booked", "2025-01-01T08:00:00Z", true);
  // Records the defect did not touch.
  await row("call-2", "o2", "u2", "api", "phone", OTHER, "Sunday hours", "2026-11-16T08:00:00Z");
  await row("call-3", "o2", "u2", "api", "phone", null, null, "2026-11-21T08:00:00Z");
  await migrate(db, 10, 11);
});

afterAll(() => db.close());

async function get(id: string): Promise<{ transcript: unknown; summary: string | null; source_key: string; external_id: string }> {
  const r = await db.query<{ transcript: unknown; summary: string | null; source_key: string; external_id: string }>(
    "select transcript, summary, source_key, external_id from interactions where id = $1",
    [id],
  );
  return r.rows[0]!;
}

describe("migration 0011", () => {
  it("keeps the call's own transcript and summary on the newest Retell record that holds it", async () => {
    expect(await get("retell:call_original")).toMatchObject({ transcript: JSON.parse(T), summary: "Water heater leak, technician booked" });
  });

  it("clears the copies in other records, and the copied summary (a record's own summary stays)", async () => {
    expect(await get("sms-1")).toMatchObject({ transcript: null, summary: null });
    expect(await get("chat-1")).toMatchObject({ transcript: null, summary: "Asked about prices" });
    expect(await get("retell:call_older")).toMatchObject({ transcript: null, summary: null });
  });

  it("leaves anonymized records without conversation, and untouched records as they were", async () => {
    expect(await get("old-1")).toMatchObject({ transcript: null, summary: null });
    expect(await get("call-2")).toMatchObject({ transcript: JSON.parse(OTHER), summary: "Sunday hours" });
    expect(await get("call-3")).toMatchObject({ transcript: null, summary: null });
  });

  it("gives every earlier record its source and keeps its id as the sender's id (migration 0010)", async () => {
    expect(await get("retell:call_original")).toMatchObject({ source_key: "platform:retell", external_id: "retell:call_original" });
    expect(await get("sms-1")).toMatchObject({ source_key: "platform:default", external_id: "sms-1" });
  });
});
