import "server-only";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { interactionRollups } from "@/db/schema";
import type { CurrentAccount } from "@/features/accounts/current-account.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { changeVsPrevious } from "./insights-figures";
import { addDays, todayIn } from "./insights-view";

export type InsightsSummary = { interactions: number; previous: number; change: ReturnType<typeof changeVsPrevious>; answered: number; appointments: number };

/**
 * The dashboard's Insights card: the last 7 days (today included, in the
 * account's zone) against the 7 before, in one statement over the insight
 * rollups (the same rows and outcomes /insights counts; issue 27 keeps the
 * dashboard within 4 statements).
 */
export async function insightsSummary(account: Pick<CurrentAccount, "id" | "timeZone">): Promise<InsightsSummary> {
  const { timeZone } = await callDisplayFor(account);
  const to = todayIn(timeZone);
  const from = addDays(to, -6);
  const r = interactionRollups;
  const sum = (filter: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${r.interactions}) filter (where ${filter}), 0)::float8`.mapWith(Number);
  const current = sql`${r.day} >= ${from}`;
  const db = await getDb();
  const [row] = await db
    .select({
      interactions: sum(current),
      previous: sum(sql`${r.day} < ${from}`),
      answered: sum(sql`${current} and ${r.outcome} = 'answered'`),
      appointments: sql<number>`coalesce(sum(${r.appointments}) filter (where ${current}), 0)::float8`.mapWith(Number),
    })
    .from(r)
    .where(and(eq(r.accountId, account.id), gte(r.day, addDays(from, -7)), lte(r.day, to)));
  const { interactions, previous, answered, appointments } = row ?? { interactions: 0, previous: 0, answered: 0, appointments: 0 };
  return { interactions, previous, change: changeVsPrevious(interactions, previous), answered, appointments };
}
