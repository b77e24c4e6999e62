import { describe, expect, it, vi } from "vitest";
import { insightsSummary } from "@/features/insights/insights-summary.server";
import { getInsights } from "@/features/insights/insights.server";
import { addDays, todayIn } from "@/features/insights/insights-view";
import { customerWithAiEmployee, insertInteraction } from "./interactions-fixtures";

vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

const DAY_MS = 86_400_000;

describe("the dashboard's Insights card", () => {
  it("counts the last 7 days against the 7 before exactly as /insights does for the same days", async () => {
    const owner = await customerWithAiEmployee();
    const account = { orderId: owner.orderId, accountId: owner.user.id };
    const now = Date.now();
    // This week: 3 answered (one booked), 1 not answered; the week before: 2; three weeks ago: 1 (in neither).
    for (const [daysAgo, outcome, appointmentBooked] of [
      [0.1, "answered", true],
      [2, "answered", false],
      [5, "answered", false],
      [3, "no_answer", false],
      [8, "answered", false],
      [12, "voicemail", false],
      [21, "answered", false],
    ] as const) {
      await insertInteraction(account, { startedAt: new Date(now - daysAgo * DAY_MS), outcome, appointmentBooked });
    }
    const zoned = { id: owner.user.id, timeZone: "UTC" };
    const summary = await insightsSummary(zoned);
    const to = todayIn("UTC");
    const insights = await getInsights(owner.user.id, { from: addDays(to, -6), to }, { timeZone: "UTC" });
    expect(summary).toMatchObject({
      interactions: insights.totals.interactions,
      previous: insights.previous.totals.interactions,
      answered: insights.totals.byOutcome.answered,
      appointments: insights.totals.appointments,
    });
    expect(summary).toMatchObject({ interactions: 4, previous: 2, answered: 3, appointments: 1 });
    expect(summary.change.text).toBe("up 100% from 2 the period before");
  });
});
