import { describe, expect, it } from "vitest";
import { subscriptionView } from "./testing/subscription-fixture";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import { aiEmployeeCardState, canCancel, pastDueSubscriptions, planNames } from "./format";
import { hasEnded, isCancelling, isPastDue } from "@/features/billing/subscription-state";

const sub = subscriptionView;

/** A subscription that was cancelled at period end and has reached its end; the flags were left set. */
const ended = sub({ status: "cancelled", cancelAtPeriodEnd: true }, { stripeStatus: "canceled", stripeCancelAtPeriodEnd: true });

function order(status: AiReadyOrderView["status"], subscription: CustomerSubscription | null): AiReadyOrderView {
  return {
    id: "order_1",
    aiEmployeeName: "Sophie",
    aiAvatarUrl: null,
    aiPhoneNumber: "+15555550100",
    customerEmail: "casey@example.com",
    webChatUrl: "https://chat.example.com/sophie",
    createdAt: "2026-05-01T00:00:00.000Z",
    status,
    subscription,
  } as AiReadyOrderView;
}

describe("an ended subscription", () => {
  it("is ended when our status or the provider's says so", () => {
    expect(hasEnded(ended)).toBe(true);
    expect(hasEnded(sub({ status: "cancelled" }, { stripeStatus: null }))).toBe(true);
    expect(hasEnded(sub({}, { stripeStatus: "canceled" }))).toBe(true);
    expect(hasEnded(sub({}, { stripeStatus: "incomplete_expired" }))).toBe(true);
    expect(hasEnded(sub())).toBe(false);
    expect(hasEnded(sub({ status: "past_due" }, { stripeStatus: "past_due" }))).toBe(false);
  });

  it("is never cancelling and cannot be cancelled, whatever flags were left set", () => {
    expect(isCancelling(ended)).toBe(false);
    expect(canCancel(ended)).toBe(false);
    expect(canCancel(sub({}, { stripeStatus: "canceled" }))).toBe(false);
    // A live subscription with a cancel flag is still cancelling.
    expect(isCancelling(sub({ cancelAtPeriodEnd: true }))).toBe(true);
    expect(isCancelling(sub({}, { stripeCancelAtPeriodEnd: true }))).toBe(true);
  });

  it("turns its AI employee card to 'ended', which offers a new free trial", () => {
    expect(aiEmployeeCardState(order("active", ended))).toBe("ended");
    expect(aiEmployeeCardState(order("claimed", ended))).toBe("ended");
    expect(aiEmployeeCardState(order("active", sub({ cancelAtPeriodEnd: true })))).toBe("active");
    expect(aiEmployeeCardState(order("claimed", sub({ status: "trialing" }, { stripeStatus: "trialing" })))).toBe("claimed");
    expect(aiEmployeeCardState(order("pending", null))).toBe("pending");
    expect(aiEmployeeCardState(order("active", null))).toBe("active");
    expect(aiEmployeeCardState(order("archived" as AiReadyOrderView["status"], null))).toBe("other");
  });
});

describe("a past-due subscription", () => {
  it("needs a payment method until it recovers", () => {
    const pastDue = sub({ id: "sub_pd", status: "past_due" }, { stripeStatus: "past_due" });
    expect(isPastDue(pastDue)).toBe(true);
    expect(isPastDue(sub())).toBe(false);
    expect(isPastDue(sub({ status: "trialing" }, { stripeStatus: "trialing" }))).toBe(false);
    expect(isPastDue(ended)).toBe(false);
    expect(pastDueSubscriptions([sub(), pastDue, ended]).map((s) => s.id)).toEqual(["sub_pd"]);
    // Recovery: the same subscription back to active drops out.
    expect(pastDueSubscriptions([{ ...pastDue, status: "active", stripeData: { ...pastDue.stripeData, stripeStatus: "active" } }])).toEqual([]);
    expect(pastDueSubscriptions(undefined)).toEqual([]);
  });

  it("names the past-due plans in the banner", () => {
    const small = sub({ plan: { id: "small", name: "Small", monthlyPrice: 14900, annualPrice: 160800 } });
    const large = sub({ plan: { id: "large", name: "Large", monthlyPrice: 69900, annualPrice: 754800 } });
    expect(planNames([small])).toBe("the Small plan");
    expect(planNames([small, sub()])).toBe("the Small and Medium plans");
    expect(planNames([small, sub(), large, small])).toBe("the Small, Medium and Large plans");
  });
});
