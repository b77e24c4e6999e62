import { describe, expect, it } from "vitest";
import { subscriptionLabel, subscriptionLabels, type LabelledSubscription } from "./subscription-label";

const sub = (id: string, patch: Partial<LabelledSubscription> = {}): LabelledSubscription => ({
  id,
  plan: { id: "medium", name: "Medium" },
  createdAt: "2026-11-03T15:00:00.000Z",
  aiReadyOrder: null,
  ...patch,
});

describe("admin subscription names", () => {
  it("name a subscription by its AI employee, plan and start date", () => {
    expect(subscriptionLabel(sub("a", { aiReadyOrder: { aiEmployeeName: "Sophie", aiPhoneNumber: "+15550102299" } }))).toBe("Sophie — Medium — started Nov 3, 2026");
    expect(subscriptionLabel(sub("b"))).toBe("No AI employee yet — Medium — started Nov 3, 2026");
  });

  it("tell two subscriptions of one customer apart", () => {
    const two = [
      sub("11111111-aaaa", { aiReadyOrder: { aiEmployeeName: "Sophie", aiPhoneNumber: "+15550102299" } }),
      sub("22222222-bbbb", { plan: { id: "small", name: "Small" }, createdAt: "2026-11-20T09:00:00.000Z" }),
    ];
    const labels = subscriptionLabels(two);
    expect([...labels.values()]).toEqual(["Sophie — Medium — started Nov 3, 2026", "No AI employee yet — Small — started Nov 20, 2026"]);
  });

  it("even when plan, day and AI employee are the same, by the start of the id", () => {
    const labels = subscriptionLabels([sub("11111111-aaaa"), sub("22222222-bbbb"), sub("33333333-cccc", { plan: { id: "large", name: "Large" } })]);
    expect(labels.get("11111111-aaaa")).toBe("No AI employee yet — Medium — started Nov 3, 2026 (#11111111)");
    expect(labels.get("22222222-bbbb")).toBe("No AI employee yet — Medium — started Nov 3, 2026 (#22222222)");
    expect(labels.get("33333333-cccc")).toBe("No AI employee yet — Large — started Nov 3, 2026");
    expect(new Set(labels.values()).size).toBe(3);
  });
});
