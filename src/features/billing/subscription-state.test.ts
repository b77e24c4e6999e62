import { describe, expect, it } from "vitest";
import { PROVIDER_SUBSCRIPTION_STATUSES, subscriptionStatus } from "@/db/schema/enums";
import {
  ADMIN_STATUS_NAMES,
  COUNTING_STATUSES,
  LIVE_STATUSES,
  PAYING_STATUSES,
  STATUS_NAMES,
  SUBSCRIPTION_STATUSES,
  adminBadge,
  aiEmployeeStatus,
  dashboardBadge,
  hasEnded,
  isCancelling,
  isCounting,
  isInGoodStanding,
  isLive,
  isPastDue,
  isPaying,
  providerDiffers,
  reportedStatus,
  statusBadge,
  statusFromProvider,
  subscriptionBadge,
} from "./subscription-state";

const NOW = new Date("2026-06-10T12:00:00Z");
const PAST = new Date("2026-06-01T00:00:00Z");
const FUTURE = new Date("2026-07-01T00:00:00Z");

/** A mirror row as the server reads it. */
function row(
  over: Partial<{
    status: (typeof SUBSCRIPTION_STATUSES)[number];
    providerStatus: string | null;
    cancelAtPeriodEnd: boolean;
    providerCancelAtPeriodEnd: boolean;
    currentPeriodEnd: Date | null;
    trialEnd: Date | null;
  }> = {},
) {
  return { status: "active" as const, providerStatus: "active", cancelAtPeriodEnd: false, providerCancelAtPeriodEnd: false, currentPeriodEnd: FUTURE, trialEnd: null, ...over };
}

describe("the statuses and their sets", () => {
  it("are the database enum's, and every set is drawn from them", () => {
    expect(subscriptionStatus.enumValues).toEqual([...SUBSCRIPTION_STATUSES]);
    for (const set of [LIVE_STATUSES, COUNTING_STATUSES, PAYING_STATUSES]) for (const s of set) expect(SUBSCRIPTION_STATUSES).toContain(s);
    expect(Object.keys(STATUS_NAMES).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
    expect(Object.keys(ADMIN_STATUS_NAMES).sort()).toEqual([...SUBSCRIPTION_STATUSES].sort());
  });

  it("live and counting: a trial and a past-due subscription count, an ended one does not", () => {
    expect(SUBSCRIPTION_STATUSES.filter(isLive)).toEqual(["active", "trialing", "past_due"]);
    expect(SUBSCRIPTION_STATUSES.filter(isCounting)).toEqual(["active", "trialing", "past_due"]);
    expect(isCounting("past_due")).toBe(true);
    expect(isCounting("cancelled")).toBe(false);
    expect(isCounting("canceled")).toBe(false);
  });

  it("paying leaves out the trial; good standing leaves out past due", () => {
    expect(SUBSCRIPTION_STATUSES.filter(isPaying)).toEqual(["active", "past_due"]);
    expect(SUBSCRIPTION_STATUSES.filter(isInGoodStanding)).toEqual(["active", "trialing"]);
  });
});

describe("hasEnded", () => {
  it("is true when our status or the provider's says so, whatever flags were left set", () => {
    expect(hasEnded(row({ status: "cancelled", providerStatus: "canceled", cancelAtPeriodEnd: true }))).toBe(true);
    expect(hasEnded(row({ providerStatus: "canceled" }))).toBe(true);
    expect(hasEnded(row({ providerStatus: "incomplete_expired" }))).toBe(true);
    expect(hasEnded(row({ status: "past_due", providerStatus: "unpaid" }))).toBe(false);
    expect(hasEnded(row())).toBe(false);
  });

  it("given now: a subscription cancelling at its period end has ended once that end has passed", () => {
    const cancelling = row({ cancelAtPeriodEnd: true, currentPeriodEnd: PAST });
    expect(hasEnded(cancelling, NOW)).toBe(true);
    expect(hasEnded(row({ providerCancelAtPeriodEnd: true, currentPeriodEnd: PAST }), NOW)).toBe(true);
    // Exactly at the period end it has ended.
    expect(hasEnded(row({ cancelAtPeriodEnd: true, currentPeriodEnd: NOW }), NOW)).toBe(true);
    // Before the end, or not cancelling (a late renewal is past due, not ended), it has not.
    expect(hasEnded(row({ cancelAtPeriodEnd: true, currentPeriodEnd: FUTURE }), NOW)).toBe(false);
    expect(hasEnded(row({ currentPeriodEnd: PAST }), NOW)).toBe(false);
    // A trial with no period end of its own ends at its trial end.
    expect(hasEnded(row({ status: "trialing", cancelAtPeriodEnd: true, currentPeriodEnd: null, trialEnd: PAST }), NOW)).toBe(true);
    // Without now only the statuses decide.
    expect(hasEnded(cancelling)).toBe(false);
  });

  it("reads an API view the same way as a row", () => {
    const view = {
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: PAST.toISOString(),
      stripeData: { stripeStatus: "active", stripeCancelAtPeriodEnd: false, stripeCurrentPeriodEnd: PAST.toISOString() },
    };
    expect(hasEnded(view, NOW)).toBe(true);
    expect(hasEnded(view)).toBe(false);
    expect(hasEnded({ ...view, stripeData: { ...view.stripeData, stripeStatus: "canceled" } })).toBe(true);
  });

  it("reports an ended subscription as cancelled, which then reads as ended without a clock", () => {
    const ended = row({ cancelAtPeriodEnd: true, currentPeriodEnd: PAST });
    expect(reportedStatus(ended, NOW)).toBe("cancelled");
    expect(hasEnded({ ...ended, status: reportedStatus(ended, NOW) })).toBe(true);
    expect(reportedStatus(row({ status: "past_due", providerStatus: "past_due" }), NOW)).toBe("past_due");
  });
});

describe("isCancelling and isPastDue", () => {
  it("cancelling until it ends, never after", () => {
    expect(isCancelling(row({ cancelAtPeriodEnd: true }), NOW)).toBe(true);
    expect(isCancelling(row({ providerCancelAtPeriodEnd: true }), NOW)).toBe(true);
    expect(isCancelling(row({ cancelAtPeriodEnd: true, currentPeriodEnd: PAST }), NOW)).toBe(false);
    expect(isCancelling(row({ status: "cancelled", cancelAtPeriodEnd: true }))).toBe(false);
    expect(isCancelling(row())).toBe(false);
  });

  it("past due until it ends", () => {
    expect(isPastDue(row({ status: "past_due", providerStatus: "past_due" }))).toBe(true);
    expect(isPastDue(row({ status: "past_due", providerStatus: "canceled" }))).toBe(false);
    expect(isPastDue(row())).toBe(false);
  });
});

describe("an AI employee's status", () => {
  it("is its order's, and 'ended' once a claimed or active one's subscription has ended", () => {
    expect(aiEmployeeStatus("active", row({ status: "cancelled" }))).toBe("ended");
    expect(aiEmployeeStatus("claimed", row({ providerStatus: "canceled" }))).toBe("ended");
    expect(aiEmployeeStatus("active", row({ cancelAtPeriodEnd: true, currentPeriodEnd: PAST }), NOW)).toBe("ended");
    expect(aiEmployeeStatus("active", row({ cancelAtPeriodEnd: true }), NOW)).toBe("active");
    expect(aiEmployeeStatus("claimed", row({ status: "trialing" }), NOW)).toBe("claimed");
    expect(aiEmployeeStatus("pending", null)).toBe("pending");
    expect(aiEmployeeStatus("active", null)).toBe("active");
    expect(aiEmployeeStatus("archived", null)).toBe("other");
  });
});

describe("names and badges", () => {
  it("customer badge (spec 4): active green, trialing blue 'Free Trial', past_due yellow, anything else red", () => {
    expect(statusBadge("active")).toEqual({ label: "Active", variant: "green" });
    expect(statusBadge("trialing")).toEqual({ label: "Free Trial", variant: "blue" });
    expect(statusBadge("past_due")).toEqual({ label: "Past Due", variant: "yellow" });
    expect(statusBadge("cancelled")).toEqual({ label: "Cancelled", variant: "red" });
    expect(statusBadge("canceled")).toEqual({ label: "Cancelled", variant: "red" });
    expect(statusBadge("incomplete_expired")).toEqual({ label: "Incomplete expired", variant: "red" });
    expect(statusBadge("")).toEqual({ label: "Unknown", variant: "red" });
  });

  it("a subscription's customer badge: the provider's status first, 'Cancelled' once ended", () => {
    const view = (status: string, stripeStatus: string | null, cancel = false) => ({
      status,
      cancelAtPeriodEnd: cancel,
      currentPeriodEnd: PAST.toISOString(),
      stripeData: { stripeStatus, stripeCancelAtPeriodEnd: false },
    });
    expect(subscriptionBadge(view("active", "past_due")).label).toBe("Past Due");
    expect(subscriptionBadge(view("trialing", null)).label).toBe("Free Trial");
    expect(subscriptionBadge(view("cancelled", "active")).label).toBe("Cancelled");
    expect(subscriptionBadge(view("active", "active", true), NOW).label).toBe("Cancelled");
  });

  it("dashboard badge (spec 4): active green, cancelled red, trialing blue, other yellow", () => {
    expect(dashboardBadge("active")).toEqual({ label: "Active", variant: "green" });
    expect(dashboardBadge("cancelled")).toEqual({ label: "Cancelled", variant: "red" });
    expect(dashboardBadge("canceled").variant).toBe("red");
    expect(dashboardBadge("trialing")).toEqual({ label: "Free Trial", variant: "blue" });
    expect(dashboardBadge("past_due")).toEqual({ label: "Past Due", variant: "yellow" });
    expect(dashboardBadge("unpaid")).toEqual({ label: "unpaid", variant: "yellow" });
    expect(dashboardBadge("")).toEqual({ label: "Unknown", variant: "yellow" });
  });

  it("admin badge: the same colours, the console's lower-case labels", () => {
    expect(adminBadge("active")).toEqual({ label: "active", variant: "green" });
    expect(adminBadge("trialing")).toEqual({ label: "Free Trial", variant: "blue" });
    expect(adminBadge("past_due")).toEqual({ label: "past due", variant: "yellow" });
    expect(adminBadge("cancelled")).toEqual({ label: "cancelled", variant: "red" });
  });

  it("the provider differs unless its status is ours ('canceled' is 'cancelled')", () => {
    expect(providerDiffers("cancelled", "canceled")).toBe(false);
    expect(providerDiffers("active", "active")).toBe(false);
    expect(providerDiffers("past_due", "unpaid")).toBe(true);
    expect(providerDiffers("active", null)).toBe(false);
  });
});

describe("statusFromProvider", () => {
  it("translates every provider status into one of ours", () => {
    const mapped = PROVIDER_SUBSCRIPTION_STATUSES.map((s) => [s, statusFromProvider(s)]);
    expect(Object.fromEntries(mapped)).toEqual({
      trialing: "trialing",
      active: "active",
      past_due: "past_due",
      canceled: "cancelled",
      unpaid: "past_due",
      incomplete: "past_due",
      incomplete_expired: "cancelled",
      paused: "past_due",
    });
  });
});
