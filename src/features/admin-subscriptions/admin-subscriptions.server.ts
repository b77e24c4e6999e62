import "server-only";
import { and, desc, eq, inArray, isNotNull, not, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiReadyOrders, orderPhoneKey, subscriptions } from "@/db/schema";
import { PLANS, findPlan } from "@/features/plans/catalogue";
import { cursorString, cursorTimestamp, likePattern, readChoice, readChoices, toPage, type Page, type PageRequest } from "@/lib/http/pagination";
import { getProvider } from "@/features/billing/provider";
import { ENDED_STATUS, PROVIDER_CANCELED, PROVIDER_ENDED_STATUSES, SUBSCRIPTION_STATUSES, hasEnded } from "@/features/billing/subscription-state";
import { usagePriceFor } from "@/features/billing/usage-prices";
import type { AdminSubscription, PaymentPriceView, StripePricesResponse } from "@/features/billing/admin-api-types";
import type { ProviderPrice } from "@/features/billing/provider/port";
import { deriveBillingCycles, toCycleView } from "@/features/usage/billing-cycles";
import { loadSubscription } from "@/features/usage/usage.server";
import { planPrices } from "@/features/overage/plan-prices";
import { accountRefs, readAccountFilter } from "@/features/admin-accounts/account-refs.server";
import type { AdminAccountRef } from "@/features/admin-accounts/account-ref";

const DAY_MS = 86_400_000;

/** Whole days left in a trial (0 when not trialing or over). */
export function daysInTrial(status: string, trialEnd: Date | null, now = new Date()): number {
  if (status !== "trialing" || !trialEnd) return 0;
  return Math.max(0, Math.ceil((trialEnd.getTime() - now.getTime()) / DAY_MS));
}

/** The flags of subscription-flags.ts, as filters. */
const SUBSCRIPTION_FLAGS = ["cancelling", "mismatch", "ended"] as const;

const s = subscriptions;
/** hasEnded (subscription-state.ts) in SQL, on the statuses only: the admin lists show the mirror as stored. */
const ENDED_SQL = or(eq(s.status, ENDED_STATUS), and(isNotNull(s.providerStatus), inArray(s.providerStatus, [...PROVIDER_ENDED_STATUSES])))!;
const FLAG_SQL: Record<(typeof SUBSCRIPTION_FLAGS)[number], SQL> = {
  ended: ENDED_SQL,
  cancelling: and(not(ENDED_SQL), or(eq(s.cancelAtPeriodEnd, true), eq(s.providerCancelAtPeriodEnd, true)))!,
  mismatch: sql`(${s.providerStatus} is not null and (case when ${s.providerStatus} = ${PROVIDER_CANCELED} then ${ENDED_STATUS} else ${s.providerStatus} end) <> ${s.status}::text)`,
};

/**
 * The digits of a search that is a phone number as people type it
 * ('+15550102299', '5550102299', '555-010-2299', '(555) 010 2299'): digits
 * and separators only, three digits or more; more than ten digits keep the
 * last ten (the country code dropped, as orderPhoneKey stores the number).
 * Null for any other search, so a name with digits is not matched as a number.
 */
export function phoneSearchDigits(q: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(q.trim())) return null;
  const digits = q.replace(/[^0-9]/g, "");
  if (digits.length < 3) return null;
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/**
 * `q` against the name (sign-up name, or first and last name) and e-mail of
 * any member of the business account, and the AI employee's name and phone
 * number: the subscription's own search text (`search_text`, kept by triggers
 * from those rows; migration 0026, issue 27), which its trigram index serves.
 * The account's own name is not searched (ADR 0110). A phone number matches
 * however it is typed or stored, as the call log's search does
 * (phoneSearchDigits), through the AI employees' number key.
 */
function searchSql(q: string): SQL {
  // One column of the rows being paged: the page walks subscriptions newest
  // first and stops at a page, instead of first collecting every matching
  // login and membership (4,000 of 100,000 for a common surname).
  const text = sql`${s.searchText} like ${likePattern(q)}`;
  const digits = phoneSearchDigits(q);
  if (!digits) return text;
  const byNumber = sql`${orderPhoneKey(aiReadyOrders)} like ${`%${digits}%`}`;
  return sql`(${text}
    or ${s.id} in (select ${aiReadyOrders.subscriptionId} from ${aiReadyOrders} where ${aiReadyOrders.subscriptionId} is not null and ${byNumber})
    or ${s.aiReadyOrderId} in (select ${aiReadyOrders.id} from ${aiReadyOrders} where ${byNumber}))`;
}

/**
 * GET /api/admin/subscriptions: one page (ADR 0096) of mirrored subscriptions,
 * newest first (id breaks ties), each with its business account and owner and
 * its AI-ready order (read for the page's rows only). Reads the mirror only
 * (no provider call per row); billing cycles are derived from the mirrored
 * period fields. Filters: `status`, `plan`, `flag`, `account` (an account id;
 * subscriptions_account_id_idx; ADR 0110).
 */
export async function listAdminSubscriptions(page: Pick<PageRequest, "limit" | "cursor" | "q" | "params">): Promise<Page<AdminSubscription>> {
  const db = await getDb();
  const where: SQL[] = [];
  const status = readChoices(page.params, "status", SUBSCRIPTION_STATUSES);
  if (status) where.push(inArray(s.status, status));
  const plan = readChoice(
    page.params,
    "plan",
    PLANS.map((p) => p.id),
  );
  if (plan) where.push(eq(s.planId, plan));
  const flag = readChoice(page.params, "flag", SUBSCRIPTION_FLAGS);
  if (flag) where.push(FLAG_SQL[flag]);
  const account = readAccountFilter(page.params);
  if (account) where.push(eq(s.accountId, account));
  if (page.q) where.push(searchSql(page.q));
  if (page.cursor) {
    const at = cursorTimestamp(page.cursor, 0);
    const id = cursorString(page.cursor, 1);
    where.push(sql`(${s.createdAt}, ${s.id}) < (${at}::timestamptz, ${id})`);
  }
  const fetched = await db
    .select({ sub: subscriptions, at: sql<string>`${s.createdAt}::text` })
    .from(subscriptions)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(page.limit + 1);
  const paged = toPage(
    fetched,
    page.limit,
    (r) => [r.at, r.sub.id],
    (r) => r.sub,
  );
  return { items: await toAdminSubscriptions(paged.items), nextCursor: paged.nextCursor };
}

type Sub = typeof subscriptions.$inferSelect;

/** An account row that is gone (its subscriptions go with it, so only a race shows this). */
const missingAccount = (id: string): AdminAccountRef => ({ id, name: id, deleted: true, owner: null });

async function toAdminSubscriptions(rows: Sub[]): Promise<AdminSubscription[]> {
  const db = await getDb();
  const accounts = await accountRefs(rows.map((r) => r.accountId));
  const subIds = rows.map((r) => r.id);
  const orderIds = rows.map((r) => r.aiReadyOrderId).filter((v): v is string => Boolean(v));
  const orderCols = { id: aiReadyOrders.id, subscriptionId: aiReadyOrders.subscriptionId, aiPhoneNumber: aiReadyOrders.aiPhoneNumber, aiEmployeeName: aiReadyOrders.aiEmployeeName };
  const allOrders = subIds.length
    ? await db
        .select(orderCols)
        .from(aiReadyOrders)
        .where(orderIds.length ? or(inArray(aiReadyOrders.id, orderIds), inArray(aiReadyOrders.subscriptionId, subIds)) : inArray(aiReadyOrders.subscriptionId, subIds))
    : [];
  const now = new Date();
  return rows.map((sub) => {
    const account = accounts.get(sub.accountId) ?? missingAccount(sub.accountId);
    const plan = findPlan(sub.planId);
    const order = allOrders.find((o) => (sub.aiReadyOrderId && o.id === sub.aiReadyOrderId) || o.subscriptionId === sub.id) ?? null;
    // An ended subscription is never "cancelling at period end" (ADR 0088).
    const ended = hasEnded(sub);
    return {
      id: sub.id,
      accountId: sub.accountId,
      account,
      user: ownerAsUser(account),
      status: sub.status,
      plan: { id: plan?.id ?? sub.planId, name: plan?.name ?? sub.planId },
      billing: sub.billing,
      currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: !ended && sub.cancelAtPeriodEnd,
      cancellationReason: sub.cancellationReason,
      createdAt: sub.createdAt.toISOString(),
      stripeCustomerId: sub.providerCustomerId,
      aiReadyOrder: order ? { aiPhoneNumber: order.aiPhoneNumber, aiEmployeeName: order.aiEmployeeName } : null,
      autoBillOverage: sub.autoBillOverage,
      stripeData: {
        stripeStatus: sub.providerStatus,
        daysInTrial: daysInTrial(sub.providerStatus ?? sub.status, sub.trialEnd, now),
        stripeCurrentPeriodStart: sub.currentPeriodStart?.toISOString() ?? null,
        stripeCurrentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
        stripeTrialStart: sub.trialStart?.toISOString() ?? null,
        stripeTrialEnd: sub.trialEnd?.toISOString() ?? null,
        stripeCancelAtPeriodEnd: !ended && sub.providerCancelAtPeriodEnd,
        upcomingInvoice: !ended && sub.upcomingInvoiceAmount !== null ? { amount: sub.upcomingInvoiceAmount } : null,
        billingCycles: sub.status === "trialing" ? [] : deriveBillingCycles(sub).map(toCycleView),
      },
    };
  });
}

/** The owner in the older `user` shape of the row (displayName, the usage picker); empty when the account has no owner. */
function ownerAsUser(account: AdminAccountRef): AdminSubscription["user"] {
  return account.owner ? { firstName: account.owner.firstName, lastName: account.owner.lastName, email: account.owner.email } : { firstName: null, lastName: null, email: "" };
}

function view(p: ProviderPrice): PaymentPriceView {
  return { id: p.id, productName: p.productName, unitLabel: p.unitLabel, unitAmount: p.unitAmount };
}

/**
 * GET /api/admin/stripe-prices?subscriptionId=: the provider's price list,
 * the metered usage price per meter for this subscription's plan and billing
 * period, and that plan context.
 */
export async function stripePrices(subscriptionId: string): Promise<StripePricesResponse> {
  const sub = await loadSubscription(subscriptionId);
  const plan = findPlan(sub.planId);
  const planId = plan?.id ?? sub.planId;
  const all = await (await getProvider()).listPrices();
  const pick = (event: string): PaymentPriceView | null => {
    const best = usagePriceFor(all, event, planId, sub.billing);
    return best ? view(best) : null;
  };
  // Only this subscription's own plan prices (its plan and billing period): a line item takes no other.
  return {
    prices: planPrices(all, planId, sub.billing).map(view),
    usagePriceMap: {
      phone_inbound: pick("phone_inbound"),
      phone_outbound: pick("phone_outbound"),
      text_inbound: pick("text_inbound"),
      text_outbound: pick("text_outbound"),
    },
    planContext: { planSize: planId, billing: sub.billing },
  };
}
