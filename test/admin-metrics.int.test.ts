import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, interactions, invoices, organization, overageEntries, usageRecords } from "@/db/schema";
import { adminMetrics, adminMetricFigures } from "@/features/admin-metrics/data.server";
import * as exportCsv from "@app/api/admin/metrics/export.csv/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { insertSubscription } from "./interactions-fixtures";

/**
 * /admin/metrics (issue 26, ADR 0139): a few accounts, subscriptions and
 * invoices seeded into the mirror give the figures worked out by hand below,
 * on the page's data and in the CSV; only admins read them.
 */
const NOW = new Date("2026-11-20T12:00:00Z");
const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const SMALL = 14900;
const MEDIUM = 42000;
const MEDIUM_ANNUAL_YEAR = 36500 * 12;

let admin: TestUser;
let customer: TestUser;
const accountOf: Record<string, string> = {};
const subOf: Record<string, string> = {};

type Inv = { issued: string; amount: number; status?: "paid" | "open" | "uncollectible" | "draft"; months?: number; id?: string; proration?: boolean; failed?: string };
async function seed(
  key: string,
  s: { plan: string; billing?: "monthly" | "annual"; status: "active" | "trialing" | "past_due" | "cancelled"; created: string; trialStart?: string; trialEnd?: string },
  invs: Inv[],
) {
  const db = await getDb();
  const accountId = randomUUID();
  const subId = randomUUID();
  accountOf[key] = accountId;
  subOf[key] = subId;
  await db.insert(organization).values({ id: accountId, name: `Business ${key}`, slug: `metrics-${accountId}` });
  await insertSubscription(accountId, {
    id: subId,
    planId: s.plan,
    billing: s.billing,
    status: s.status,
    providerCustomerId: `cus_${key}`,
    providerSubscriptionId: `sub_${key}`,
    trialStart: s.trialStart ? d(s.trialStart) : null,
    trialEnd: s.trialEnd ? d(s.trialEnd) : null,
    createdAt: d(s.created),
  });
  for (const inv of invs) {
    const start = d(inv.issued);
    const end = new Date(start);
    // A proration (a plan change charged at once) has no period: it starts and ends when issued.
    if (!inv.proration) end.setUTCMonth(end.getUTCMonth() + (inv.months ?? 1));
    await db.insert(invoices).values({
      id: randomUUID(),
      accountId,
      providerInvoiceId: inv.id ?? `in_${key}_${inv.issued}`,
      providerSubscriptionId: `sub_${key}`,
      description: "Subscription",
      amountDue: inv.amount,
      amountPaid: (inv.status ?? "paid") === "paid" ? inv.amount : 0,
      status: inv.status ?? "paid",
      periodStart: start,
      periodEnd: end,
      issuedAt: start,
      paymentFailedAt: inv.failed ? d(inv.failed) : null,
    });
  }
}

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser();
  // A: Small monthly since August; its overage invoice (billed now) is not recurring revenue.
  // Its October charge failed on October 6 and was paid after a retry: a recovered payment.
  await seed(
    "A",
    { plan: "small", status: "active", created: "2026-08-05" },
    ["2026-08-05", "2026-09-05", "2026-10-05", "2026-11-05"].map((issued) => ({ issued, amount: SMALL, failed: issued === "2026-10-05" ? "2026-10-06" : undefined })),
  );
  // B: Medium billed annually from June: $4,380 a year is $365 a month.
  await seed("B", { plan: "medium", billing: "annual", status: "active", created: "2026-06-10" }, [{ issued: "2026-06-10", amount: MEDIUM_ANNUAL_YEAR, months: 12 }]);
  // C: Small in July and August, upgraded to Medium on August 20 (a proration charged at once), Medium from September
  // (its September charge failed on September 2 and was paid with a new card: recovered).
  await seed("C", { plan: "medium", status: "active", created: "2026-07-01" }, [
    { issued: "2026-07-01", amount: SMALL },
    { issued: "2026-08-01", amount: SMALL },
    { issued: "2026-08-20", amount: 10100, proration: true },
    { issued: "2026-09-01", amount: MEDIUM, failed: "2026-09-02" },
    { issued: "2026-10-01", amount: MEDIUM },
    { issued: "2026-11-01", amount: MEDIUM },
  ]);
  // D: paid August and September, then ended (churned in October).
  await seed("D", { plan: "small", status: "cancelled", created: "2026-08-15" }, [
    { issued: "2026-08-15", amount: SMALL },
    { issued: "2026-09-15", amount: SMALL },
  ]);
  // E: Medium in October only (churned in November, inside the 30-day window).
  await seed("E", { plan: "medium", status: "cancelled", created: "2026-10-01" }, [{ issued: "2026-10-01", amount: MEDIUM }]);
  // F: in its trial since November 10 ($0 invoice).
  await seed("F", { plan: "small", status: "trialing", created: "2026-11-10", trialStart: "2026-11-10", trialEnd: "2026-11-24" }, [{ issued: "2026-11-10", amount: 0 }]);
  // G: trial from October 1, converted on October 15.
  await seed("G", { plan: "small", status: "active", created: "2026-10-01", trialStart: "2026-10-01", trialEnd: "2026-10-15" }, [
    { issued: "2026-10-01", amount: 0 },
    { issued: "2026-10-15", amount: SMALL },
    { issued: "2026-11-15", amount: SMALL },
  ]);
  // H: trial from October 5, never converted.
  await seed("H", { plan: "small", status: "cancelled", created: "2026-10-05", trialStart: "2026-10-05", trialEnd: "2026-10-19" }, [{ issued: "2026-10-05", amount: 0 }]);
  // I: past due: November's charge failed; still paying (counted), and a failed payment (from before failures were recorded: the approximation).
  await seed("I", { plan: "small", status: "past_due", created: "2026-10-03" }, [
    { issued: "2026-10-03", amount: SMALL },
    { issued: "2026-11-03", amount: SMALL, status: "open" },
  ]);
  // J: paid February, left, came back in May for one month (a reactivation).
  await seed("J", { plan: "small", status: "cancelled", created: "2026-02-01" }, [
    { issued: "2026-02-01", amount: SMALL },
    { issued: "2026-05-01", amount: SMALL },
  ]);

  const db = await getDb();
  // A's overage: one entry billed at once on its own invoice, and a draft that counts nothing.
  await db.insert(invoices).values({
    id: randomUUID(),
    accountId: accountOf.A!,
    providerInvoiceId: "in_overage_A",
    providerSubscriptionId: "sub_A",
    description: "Overage",
    amountDue: 5940,
    amountPaid: 5940,
    status: "paid",
    periodStart: d("2026-11-10"),
    periodEnd: d("2026-11-10"),
    issuedAt: d("2026-11-10"),
  });
  await db.insert(overageEntries).values([
    {
      id: randomUUID(),
      subscriptionId: subOf.A!,
      periodStart: d("2026-10-05"),
      periodEnd: d("2026-11-05"),
      billNow: true,
      status: "billed",
      totalAmount: 5940,
      providerInvoiceId: "in_overage_A",
      submittedAt: d("2026-11-10"),
    },
    { id: randomUUID(), subscriptionId: subOf.A!, periodStart: d("2026-11-05"), periodEnd: d("2026-12-05"), billNow: false, status: "draft", totalAmount: 990 },
  ]);
  // A one-off invoice whose payment failed two hours ago: a failed payment at once, the record says so.
  await db.insert(invoices).values({
    id: randomUUID(),
    accountId: accountOf.A!,
    providerInvoiceId: "in_failed_recorded",
    providerSubscriptionId: null,
    description: "One-off",
    amountDue: 2500,
    status: "open",
    issuedAt: new Date(NOW.getTime() - 3 * 3_600_000),
    paymentFailedAt: new Date(NOW.getTime() - 2 * 3_600_000),
  });
  // An invoice issued six hours ago is not a failed payment yet.
  await db.insert(invoices).values({
    id: randomUUID(),
    accountId: accountOf.A!,
    providerInvoiceId: "in_fresh_open",
    providerSubscriptionId: null,
    description: "One-off",
    amountDue: 1000,
    status: "open",
    issuedAt: new Date(NOW.getTime() - 6 * 3_600_000),
  });

  // A's units this usage month (from November 5): 3 × 50 units, a spam-credited call, last month's calls, 2 phone sessions recorded by an admin.
  const orderId = randomUUID();
  await db
    .insert(aiReadyOrders)
    .values({ id: orderId, aiEmployeeName: "Ava", aiPhoneNumber: "+1 555 0100", customerEmail: "a@example.com", webChatUrl: "https://chat.example.com/a", status: "active", accountId: accountOf.A! });
  const call = (units: number, month: string, spam = false) => ({
    id: randomUUID(),
    sourceKey: "platform:test",
    externalId: randomUUID(),
    aiReadyOrderId: orderId,
    accountId: accountOf.A!,
    subscriptionId: subOf.A!,
    usageMonthStart: d(month),
    channel: "phone" as const,
    direction: "inbound" as const,
    outcome: "answered" as const,
    startedAt: new Date(d(month).getTime() + 86_400_000),
    unitsMilli: units,
    unitRule: "phone",
    source: "api" as const,
    spamReportedAt: spam ? d("2026-11-12") : null,
  });
  await db.insert(interactions).values([call(50_000, "2026-11-05"), call(50_000, "2026-11-05"), call(50_000, "2026-11-05"), call(50_000, "2026-11-05", true), call(999_000, "2026-10-05")]);
  await db.insert(usageRecords).values({
    id: randomUUID(),
    subscriptionId: subOf.A!,
    accountId: accountOf.A!,
    billingCycleId: "cycle",
    periodStart: d("2026-11-05"),
    periodEnd: d("2026-12-05"),
    phoneInbound: 2,
    createdAt: d("2026-11-10"),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the operator's metrics from the mirror", () => {
  it("reconstructs MRR month by month: new, reactivated, expansion, annual normalised, churned", async () => {
    const m = await adminMetrics({ now: NOW });
    expect(m.mrr.map((r) => r.month)).toEqual(["2025-12", "2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]);
    const rows = Object.fromEntries(m.mrr.map((r) => [r.month, [r.mrrCents, r.newCents, r.reactivationCents, r.expansionCents, r.contractionCents, r.churnedCents]]));
    expect(rows).toEqual({
      "2025-12": [0, 0, 0, 0, 0, 0],
      "2026-01": [0, 0, 0, 0, 0, 0],
      "2026-02": [SMALL, SMALL, 0, 0, 0, 0],
      "2026-03": [0, 0, 0, 0, 0, SMALL],
      "2026-04": [0, 0, 0, 0, 0, 0],
      "2026-05": [SMALL, SMALL, SMALL, 0, 0, 0],
      "2026-06": [36500, 36500, 0, 0, 0, SMALL],
      "2026-07": [36500 + SMALL, SMALL, 0, 0, 0, 0],
      "2026-08": [36500 + 3 * SMALL, 2 * SMALL, 0, 0, 0, 0],
      "2026-09": [36500 + MEDIUM + 2 * SMALL, 0, 0, MEDIUM - SMALL, 0, 0],
      "2026-10": [36500 + 2 * MEDIUM + 3 * SMALL, MEDIUM + 2 * SMALL, 0, 0, 0, SMALL],
      "2026-11": [36500 + MEDIUM + 3 * SMALL, 0, 0, 0, 0, MEDIUM],
    });
  });

  it("counts subscriptions and trials by plan, trial conversion by month, churn over 30 days", async () => {
    const m = await adminMetrics({ now: NOW });
    expect(m.byPlan.filter((p) => p.paying || p.trialing)).toEqual([
      { planId: "small", plan: "Small", paying: 3, trialing: 1, mrrCents: 3 * SMALL },
      { planId: "medium", plan: "Medium", paying: 2, trialing: 0, mrrCents: 36500 + MEDIUM },
    ]);
    expect(m.trials.filter((t) => t.started > 0)).toEqual([
      { month: "2026-10", started: 2, converted: 1, stillInTrial: 0, notConverted: 1, rate: 0.5 },
      { month: "2026-11", started: 1, converted: 0, stillInTrial: 1, notConverted: 0, rate: null },
    ]);
    const start = 3 * SMALL + 36500 + 2 * MEDIUM;
    expect(m.churn).toMatchObject({ accountsAtStart: 6, accountsChurned: 1, logoChurn: 1 / 6, mrrAtStartCents: start, mrrLostCents: MEDIUM, revenueChurn: MEDIUM / start });
  });

  it("overage revenue, failed payments, units by plan and the closest to their allowance", async () => {
    const m = await adminMetrics({ now: NOW });
    expect(m.overage.filter((r) => r.count)).toEqual([{ month: "2026-11", count: 1, cents: 5940 }]);
    // Recorded failures by the month they failed, paid since or not; I's unrecorded one by the approximation.
    expect(m.failedPayments.filter((r) => r.count)).toEqual([
      { month: "2026-09", count: 1, cents: MEDIUM },
      { month: "2026-10", count: 1, cents: SMALL },
      { month: "2026-11", count: 2, cents: SMALL + 2500 },
    ]);
    expect(m.unitsByPlan.find((r) => r.planId === "small")).toEqual({
      planId: "small",
      plan: "Small",
      subscriptions: 4,
      usedMilli: 152_000,
      includedMilli: 480_000,
      extraMilli: 32_000,
      extraCostCents: 32 * 198,
    });
    expect(m.unitsByPlan.find((r) => r.planId === "medium")).toMatchObject({ subscriptions: 2, usedMilli: 0 });
    expect(m.closest[0]).toMatchObject({ accountId: accountOf.A, accountName: "Business A", usedMilli: 152_000, includedMilli: 120_000, monthStart: d("2026-11-05"), extraCostCents: 32 * 198 });
    expect(m.closest).toHaveLength(6);
    const figures = await adminMetricFigures({ now: NOW });
    const closest = figures.find((f) => f.id === "closest-to-allowance")!;
    expect(closest.rows[0]!.href).toBe(`/admin?tab=subscriptions&account=${accountOf.A}`);
  });
});

describe("recovered payments", () => {
  it("counts the invoices paid after their payment failed, by the month of the failure, with the share recovered", async () => {
    const m = await adminMetrics({ now: NOW });
    expect(m.recoveredPayments.filter((r) => r.count || r.rate !== null)).toEqual([
      { month: "2026-09", count: 1, cents: MEDIUM, rate: 1 },
      { month: "2026-10", count: 1, cents: SMALL, rate: 1 },
      // November's recorded failure is still open: none recovered yet.
      { month: "2026-11", count: 0, cents: 0, rate: 0 },
    ]);
  });

  it("an invoice that failed, then was paid through the sync, shows as recovered", async () => {
    const db = await getDb();
    // The open one-off invoice is paid (the sync keeps payment_failed_at): it moves into Recovered payments and stays a failed payment.
    const updated = await db.update(invoices).set({ status: "paid", amountPaid: 2500 }).where(eq(invoices.providerInvoiceId, "in_failed_recorded")).returning({ id: invoices.id });
    expect(updated).toHaveLength(1);
    try {
      const m = await adminMetrics({ now: NOW });
      expect(m.recoveredPayments.find((r) => r.month === "2026-11")).toEqual({ month: "2026-11", count: 1, cents: 2500, rate: 1 });
      expect(m.failedPayments.find((r) => r.month === "2026-11")).toEqual({ month: "2026-11", count: 2, cents: SMALL + 2500 });
      const figure = (await adminMetricFigures({ now: NOW })).find((f) => f.id === "recovered-payments")!;
      expect(figure.rows.find((r) => r.month === "2026-11")).toEqual({ month: "2026-11", invoices: 1, amount: 2500, rate: 1 });
    } finally {
      await db.update(invoices).set({ status: "open", amountPaid: 0 }).where(eq(invoices.providerInvoiceId, "in_failed_recorded"));
    }
  });
});

describe("GET /api/admin/metrics/export.csv", () => {
  it("gives an admin one figure's table as a CSV download", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const res = await call(exportCsv.GET, { path: "/api/admin/metrics/export.csv?figure=mrr", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="metrics-mrr-2026-11-20.csv"');
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("month,mrr_usd,new_usd,reactivation_usd,expansion_usd,contraction_usd,churned_usd,paying");
    expect(lines).toHaveLength(13);
    expect(lines[10]).toBe("2026-09,1083,0,0,271,0,0,4");
    expect(lines[12]).toBe("2026-11,1232,0,0,0,0,420,5");
  });

  it("the allowance CSV carries the link that bills the overage", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const res = await call(exportCsv.GET, { path: "/api/admin/metrics/export.csv?figure=closest-to-allowance", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const [header, first] = (await res.text()).split("\r\n");
    expect(header).toBe("account,plan,month_start,used_units,included_units,share_percent,extra_cost_usd,bill_overage_url");
    expect(first).toBe(`Business A,Small,2026-11-05,152,120,126.7,63.36,/admin?tab=subscriptions&account=${accountOf.A}`);
  });

  it("the recovered payments CSV has the rows of the table view", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    const res = await call(exportCsv.GET, { path: "/api/admin/metrics/export.csv?figure=recovered-payments", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toBe("month,invoices,amount_usd,rate_percent");
    expect(lines).toHaveLength(13);
    expect(lines.slice(10)).toEqual(["2026-09,1,420,100", "2026-10,1,149,100", "2026-11,0,0,0"]);
  });

  it("refuses an unknown or missing figure with a 400 and its message", async () => {
    for (const path of ["/api/admin/metrics/export.csv?figure=revenue", "/api/admin/metrics/export.csv"]) {
      const res = await call(exportCsv.GET, { path, cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain("figure must be one of: mrr, subscriptions-by-plan");
    }
  });

  it("refuses a customer (403) and a visitor (401)", async () => {
    const asCustomer = await call(exportCsv.GET, { path: "/api/admin/metrics/export.csv?figure=mrr", cookie: customer.cookie });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.text()).not.toContain("month,");
    const anonymous = await call(exportCsv.GET, { path: "/api/admin/metrics/export.csv?figure=mrr" });
    expect(anonymous.status).toBe(401);
  });
});
