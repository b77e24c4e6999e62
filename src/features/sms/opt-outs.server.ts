import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { smsOptOuts } from "@/db/schema";

/**
 * Numbers that replied STOP. Twilio handles the reply itself (its default
 * opt-out keywords) and refuses later messages to the number with error
 * 21610; the product learns it from that error or from a status callback
 * carrying it, and from then on stores messages to the number as
 * `opted_out` without asking Twilio again.
 */
export async function isOptedOut(db: DbOrTx, number: string): Promise<boolean> {
  const rows = await db.select({ number: smsOptOuts.number }).from(smsOptOuts).where(eq(smsOptOuts.number, number)).limit(1);
  return rows.length > 0;
}

/** Remembers that `number` replied STOP; true when it was not known yet. */
export async function recordOptOut(db: DbOrTx, number: string): Promise<boolean> {
  const rows = await db.insert(smsOptOuts).values({ number }).onConflictDoNothing({ target: smsOptOuts.number }).returning({ number: smsOptOuts.number });
  return rows.length > 0;
}
