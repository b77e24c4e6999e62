import { describe, expect, it } from "vitest";
import { buildFigures, FIGURE_IDS, type AdminMetrics } from "./figures";
import { figureCsv } from "./csv";
import { displayCell } from "./cells";

const metrics: AdminMetrics = {
  generatedAt: new Date("2026-11-27T00:00:00Z"),
  mrr: [{ month: "2026-11", mrrCents: 56900, newCents: 42000, reactivationCents: 0, expansionCents: 0, contractionCents: 0, churnedCents: 14900, payingSubscriptions: 2 }],
  byPlan: [{ planId: "small", plan: "Small", paying: 1, trialing: 2, mrrCents: 14900 }],
  trials: [{ month: "2026-11", started: 2, converted: 1, stillInTrial: 0, notConverted: 1, rate: 0.5 }],
  churn: { accountsAtStart: 4, accountsChurned: 1, logoChurn: 0.25, mrrAtStartCents: 100000, mrrLostCents: 14900, revenueChurn: 0.149, from: new Date(), to: new Date() },
  overage: [{ month: "2026-11", count: 2, cents: 5940 }],
  failedPayments: [{ month: "2026-11", count: 1, cents: 14900 }],
  recoveredPayments: [
    { month: "2026-10", count: 0, cents: 0, rate: null },
    { month: "2026-11", count: 1, cents: 14900, rate: 0.5 },
  ],
  unitsByPlan: [{ planId: "small", plan: "Small", subscriptions: 1, usedMilli: 150_500, includedMilli: 120_000, extraMilli: 30_500, extraCostCents: 6039 }],
  closest: [
    {
      subscriptionId: "s1",
      accountId: "acc 1",
      accountName: "=Smith, Plumbing",
      planId: "small",
      plan: "Small",
      billing: "monthly",
      trialEnd: null,
      monthStart: new Date("2026-11-10T00:00:00Z"),
      monthEnd: new Date("2026-12-10T00:00:00Z"),
      usedMilli: 150_500,
      includedMilli: 120_000,
      extraMilli: 30_500,
      extraCostCents: 6039,
      billable: true,
      share: 150.5 / 120,
    },
  ],
};
const figures = buildFigures(metrics, (id) => `/admin?tab=subscriptions&account=${encodeURIComponent(id)}`);
const byId = (id: string) => figures.find((f) => f.id === id)!;

describe("figures and their CSV", () => {
  it("builds every figure once, each with a definition", () => {
    expect(figures.map((f) => f.id)).toEqual([...FIGURE_IDS]);
    for (const f of figures) expect(f.definitions.length).toBeGreaterThan(0);
  });

  it("writes money in dollars, units as decimals and rates as percents, with the unit in the header", () => {
    expect(figureCsv(byId("mrr"))).toBe("month,mrr_usd,new_usd,reactivation_usd,expansion_usd,contraction_usd,churned_usd,paying\r\n2026-11,569,420,0,0,0,149,2\r\n");
    expect(figureCsv(byId("units-by-plan"))).toBe("plan,subscriptions,used_units,included_units,extra_units,extra_cost_usd\r\nSmall,1,150.5,120,30.5,60.39\r\n");
    expect(figureCsv(byId("recovered-payments"))).toBe("month,invoices,amount_usd,rate_percent\r\n2026-10,0,0,\r\n2026-11,1,149,50\r\n");
    expect(figureCsv(byId("churn"))).toBe('measure,at_start,lost,rate_percent\r\nLogo churn,4 accounts,1 account,25\r\nRevenue churn,"$1,000.00",$149.00,14.9\r\n');
  });

  it("the allowance CSV links each row to billing its overage and makes an account name inert", () => {
    expect(figureCsv(byId("closest-to-allowance"))).toBe(
      "account,plan,month_start,used_units,included_units,share_percent,extra_cost_usd,bill_overage_url\r\n" +
        '"\'=Smith, Plumbing",Small,2026-11-10,150.5,120,125.4,60.39,/admin?tab=subscriptions&account=acc%201\r\n',
    );
  });

  it("says how failed payments are counted before failures were recorded, and what a recovered payment is", () => {
    expect(byId("failed-payments").definitions.map((d) => d.term)).toContain("Before failures were recorded");
    expect(byId("recovered-payments").title).toBe("Recovered payments");
    expect(byId("recovered-payments").definitions[0]!.description).toMatch(/payment failed and that are paid now/);
  });

  it("the page shows the same cells formatted for people", () => {
    expect(displayCell(56900, "cents")).toBe("$569.00");
    expect(displayCell(150_500, "units")).toBe("150.5");
    expect(displayCell(0.149, "percent")).toBe("14.9%");
    expect(displayCell("2026-11", "month")).toBe("Nov 2026");
    expect(displayCell(null, "percent")).toBe("—");
  });
});
