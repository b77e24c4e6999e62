import { describe, expect, it } from "vitest";
import { churn } from "./churn";

describe("churn over a window", () => {
  it("logo churn counts accounts that went to zero; revenue churn adds the contraction of those that stayed", () => {
    const figures = churn([
      { accountId: "a", startCents: 14900, endCents: 0 }, // left
      { accountId: "b", startCents: 42000, endCents: 14900 }, // downgraded
      { accountId: "c", startCents: 14900, endCents: 42000 }, // upgraded: does not offset
      { accountId: "d", startCents: 0, endCents: 69900 }, // new: not in the base
    ]);
    expect(figures).toEqual({
      accountsAtStart: 3,
      accountsChurned: 1,
      logoChurn: 1 / 3,
      mrrAtStartCents: 14900 + 42000 + 14900,
      mrrLostCents: 14900 + (42000 - 14900),
      revenueChurn: (14900 + 27100) / 71800,
    });
  });

  it("without paying accounts at the start the rates are unknown, not zero", () => {
    expect(churn([{ accountId: "d", startCents: 0, endCents: 100 }])).toMatchObject({ logoChurn: null, revenueChurn: null, accountsAtStart: 0 });
  });
});
