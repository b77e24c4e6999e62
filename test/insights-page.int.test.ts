import { beforeAll, describe, expect, it, vi } from "vitest";
import InsightsRoute from "@app/(portal)/insights/page";
import { InsightsPage } from "@/features/insights/components/insights-page";
import { NoAccessPage } from "@/features/accounts/no-access-page";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { addDays, todayIn } from "@/features/insights/insights-view";
import { memberOf } from "./account-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";
import type { TestUser } from "./http-helpers";
import { renderPageAs } from "./page-render";

/**
 * /insights (issue 26): who may open it, the view it draws from its address,
 * only the account's own AI employees as a filter, dollars only for
 * billing.read members.
 */

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

type Props = Parameters<typeof InsightsPage>[0];

const render = (cookie: string | null, params?: Record<string, string>) => renderPageAs(request, InsightsRoute, cookie, params);
const screen = async (cookie: string, params: Record<string, string> = {}) => {
  const el = await render(cookie, params);
  expect(el.type).toBe(InsightsPage);
  return (el.props as Props).screen;
};

describe("/insights", () => {
  let owner: Awaited<ReturnType<typeof customerWithAiEmployee>>;
  let other: Awaited<ReturnType<typeof customerWithAiEmployee>>;
  let staff: TestUser;
  let billing: TestUser;
  beforeAll(async () => {
    owner = await customerWithAiEmployee({ planId: "small", billing: "monthly" });
    other = await customerWithAiEmployee();
    staff = await memberOf(owner.user.id, "staff", { alone: true });
    billing = await memberOf(owner.user.id, "billing", { alone: true });
  });

  it("sends an anonymous visitor to the login, back to /insights; refuses a billing-only member (calls.read)", async () => {
    const anon = await render(null);
    expect(anon.type).toBe(RedirectToLogin);
    expect((anon.props as { returnTo: string }).returnTo).toBe("/insights");
    const refused = await render(billing.cookie);
    expect(refused.type).toBe(NoAccessPage);
    expect((refused.props as { reason: string }).reason).toContain("calls.read");
  });

  it("draws the last 30 days by default with the account's AI employees, the owner's dollars and the plan's price", async () => {
    const s = await screen(owner.user.cookie);
    const today = todayIn(s.display.timeZone);
    expect(s.view).toMatchObject({ period: "30", from: addDays(today, -29), to: today, aiEmployeeId: null, channel: null, jobValueCents: 15_000, bookingRatePercent: 30 });
    expect(s.aiEmployees).toEqual([{ id: owner.orderId, name: "Nova" }]);
    expect(s.showDollars).toBe(true);
    // Small, monthly: $149.00 a month.
    expect(s.subscriptionMonthlyCents).toBe(14_900);
  });

  it("reads the period, the filters and the estimate's inputs from the address", async () => {
    const s = await screen(owner.user.cookie, { period: "7", aiEmployeeId: owner.orderId, channel: "phone", jobValue: "99", bookingRate: "50" });
    expect(s.view).toMatchObject({ period: "7", from: addDays(s.view.to, -6), aiEmployeeId: owner.orderId, channel: "phone", jobValueCents: 9_900, bookingRatePercent: 50 });
    expect(s.insights.period).toMatchObject({ from: s.view.from, to: s.view.to });
  });

  it("ignores another account's AI employee in the address: the account's own figures, unfiltered", async () => {
    const s = await screen(owner.user.cookie, { aiEmployeeId: other.orderId });
    expect(s.view.aiEmployeeId).toBeNull();
    expect(s.aiEmployees.map((a) => a.id)).not.toContain(other.orderId);
  });

  it("shows staff the page without dollar figures", async () => {
    const s = await screen(staff.cookie);
    expect(s.showDollars).toBe(false);
    expect(s.subscriptionMonthlyCents).toBeNull();
    expect(s.aiEmployees).toEqual([{ id: owner.orderId, name: "Nova" }]);
  });
});
