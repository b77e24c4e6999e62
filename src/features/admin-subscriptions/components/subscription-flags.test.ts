import { describe, expect, it } from "vitest";
import { subscriptionFlags } from "./subscription-flags";

function s(status: "active" | "trialing" | "past_due" | "cancelled", stripeStatus: string | null, cancelAtPeriodEnd: boolean, stripeCancelAtPeriodEnd = cancelAtPeriodEnd) {
  return { status, cancelAtPeriodEnd, stripeData: { stripeStatus, stripeCancelAtPeriodEnd } };
}

describe("admin subscription flags", () => {
  it("never flags an ended subscription as cancelling at period end, whatever flags were left set", () => {
    expect(subscriptionFlags(s("cancelled", "canceled", true))).toEqual({ ended: true, cancelling: false, mismatch: false });
    expect(subscriptionFlags(s("cancelled", "canceled", false, true)).cancelling).toBe(false);
    expect(subscriptionFlags(s("active", "canceled", true)).cancelling).toBe(false);
  });

  it("flags a live subscription that cancels at period end, and a status mismatch", () => {
    expect(subscriptionFlags(s("active", "active", true))).toEqual({ ended: false, cancelling: true, mismatch: false });
    expect(subscriptionFlags(s("trialing", "trialing", false, true)).cancelling).toBe(true);
    expect(subscriptionFlags(s("active", "active", false)).cancelling).toBe(false);
    expect(subscriptionFlags(s("active", "past_due", false)).mismatch).toBe(true);
    expect(subscriptionFlags(s("active", null, false)).mismatch).toBe(false);
  });
});
