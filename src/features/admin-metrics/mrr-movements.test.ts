import { describe, expect, it } from "vitest";
import { mrrMovements, type MrrMonthRow } from "./mrr-movements";

const MONTHS = ["2026-01", "2026-02", "2026-03", "2026-04"];
const SMALL = 14900;
const MEDIUM = 42000;
/** Small billed annually: $1,608 a year, $134 a month. */
const SMALL_ANNUAL = 13400;

/** The movements and MRR of one month, by name. */
function month(rows: MrrMonthRow[], key: string) {
  const r = rows.find((x) => x.month === key)!;
  return { mrr: r.mrrCents, new: r.newCents, reactivation: r.reactivationCents, expansion: r.expansionCents, contraction: r.contractionCents, churned: r.churnedCents, paying: r.payingSubscriptions };
}

describe("MRR movements", () => {
  it("a first payment is new, an upgrade expansion, a downgrade contraction, an end churn", () => {
    //             baseline Jan    Feb     Mar    Apr
    const rows = mrrMovements(MONTHS, [{ mrr: [0, SMALL, MEDIUM, SMALL, 0], paidBefore: false }]);
    expect(month(rows, "2026-01")).toEqual({ mrr: SMALL, new: SMALL, reactivation: 0, expansion: 0, contraction: 0, churned: 0, paying: 1 });
    expect(month(rows, "2026-02")).toEqual({ mrr: MEDIUM, new: 0, reactivation: 0, expansion: MEDIUM - SMALL, contraction: 0, churned: 0, paying: 1 });
    expect(month(rows, "2026-03")).toEqual({ mrr: SMALL, new: 0, reactivation: 0, expansion: 0, contraction: MEDIUM - SMALL, churned: 0, paying: 1 });
    expect(month(rows, "2026-04")).toEqual({ mrr: 0, new: 0, reactivation: 0, expansion: 0, contraction: 0, churned: SMALL, paying: 0 });
  });

  it("an annual plan counts its monthly share; switching to it from monthly is contraction", () => {
    const rows = mrrMovements(MONTHS, [{ mrr: [SMALL, SMALL, SMALL_ANNUAL, SMALL_ANNUAL, SMALL_ANNUAL], paidBefore: true }]);
    expect(rows.map((r) => r.mrrCents)).toEqual([SMALL, SMALL_ANNUAL, SMALL_ANNUAL, SMALL_ANNUAL]);
    expect(month(rows, "2026-02").contraction).toBe(SMALL - SMALL_ANNUAL);
    expect(rows.reduce((s, r) => s + r.newCents + r.churnedCents + r.expansionCents, 0)).toBe(0);
  });

  it("a return after churn is new and counted as reactivated, also when the churn was before the first month", () => {
    const rows = mrrMovements(MONTHS, [
      { mrr: [SMALL, 0, 0, SMALL, SMALL], paidBefore: true },
      { mrr: [0, MEDIUM, MEDIUM, MEDIUM, MEDIUM], paidBefore: true },
      { mrr: [0, 0, SMALL, SMALL, SMALL], paidBefore: false },
    ]);
    expect(month(rows, "2026-01")).toMatchObject({ new: MEDIUM, reactivation: MEDIUM, churned: SMALL });
    expect(month(rows, "2026-02")).toMatchObject({ new: SMALL, reactivation: 0 });
    expect(month(rows, "2026-03")).toMatchObject({ new: SMALL, reactivation: SMALL, paying: 3, mrr: SMALL + MEDIUM + SMALL });
  });

  it("each month's MRR is the month before plus new and expansion, less contraction and churn", () => {
    const series = [
      { mrr: [SMALL, MEDIUM, 0, 0, SMALL], paidBefore: true },
      { mrr: [0, SMALL, SMALL, MEDIUM, MEDIUM], paidBefore: false },
      { mrr: [MEDIUM, SMALL_ANNUAL, SMALL_ANNUAL, 0, SMALL], paidBefore: true },
    ];
    const rows = mrrMovements(MONTHS, series);
    let before = series.reduce((s, x) => s + x.mrr[0]!, 0);
    for (const r of rows) {
      expect(r.mrrCents).toBe(before + r.newCents + r.expansionCents - r.contractionCents - r.churnedCents);
      before = r.mrrCents;
    }
  });

  it("a trial ($0) is not revenue, and a series of the wrong length is refused", () => {
    const rows = mrrMovements(MONTHS, [{ mrr: [0, 0, SMALL, SMALL, SMALL], paidBefore: false }]);
    expect(rows.map((r) => r.newCents)).toEqual([0, SMALL, 0, 0]);
    expect(() => mrrMovements(MONTHS, [{ mrr: [0, SMALL], paidBefore: false }])).toThrow(/5 values/);
  });
});
