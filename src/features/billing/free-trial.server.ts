import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { oneAtATime } from "@/lib/one-at-a-time";
import { subscriptions } from "@/db/schema";
import type { ProviderSubscription } from "./provider/port";
import { isCardlessSubscribeStart } from "./trial-cardless";

/**
 * One free trial per business account (issues 21 and 22, ADR 0105). An account whose
 * subscriptions, any of them, ever had a trial (a trial start, whether it
 * was given a card, cancelled or ended since) has used it: every later
 * subscription starts paid, charged at once. The pages say so before they
 * ask for the card (FREE_TRIAL_USED), and the server decides again, under
 * the customer's lock, when it starts one.
 */

/** Whether the business account may still start a free trial, by the mirror (what the pages show). */
export async function freeTrialAvailable(accountId: string): Promise<boolean> {
  const db = await getDb();
  const [trialed] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), isNotNull(subscriptions.trialStart)))
    .limit(1);
  return !trialed;
}

/**
 * The decision when a subscription starts: neither the mirror nor the
 * provider (which also knows subscriptions the mirror has not caught up
 * with yet) has a subscription of this customer that had a trial. A
 * card-less start of the old /subscribe flow was no trial (ADR 0111).
 */
export async function mayStartFreeTrial(accountId: string, providerSubscriptions: readonly ProviderSubscription[]): Promise<boolean> {
  if (providerSubscriptions.some((s) => s.trialStart !== null && !isCardlessSubscribeStart(s))) return false;
  return freeTrialAvailable(accountId);
}

/**
 * Runs one subscription start of a business account (decide the trial, create the
 * subscription, mirror it) while no other start of theirs runs, in this
 * process or another instance: three starts at once give at most one trial.
 */
export function oneSubscriptionStartAtATime<T>(accountId: string, fn: () => Promise<T>): Promise<T> {
  return oneAtATime(`subscription-start:${accountId}`, fn);
}
