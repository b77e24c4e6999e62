import { isValidElement, type ReactElement, type ReactNode } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { InsightsSummary } from "@/features/insights/components/insights-summary";
import Dashboard from "@app/(portal)/dashboard/page";
import Billing from "@app/(portal)/billing/page";
import Calls from "@app/(portal)/calls/page";
import CallDetail from "@app/(portal)/calls/[id]/page";
import Appointments from "@app/(portal)/calls/appointments/page";
import Insights from "@app/(portal)/insights/page";
import Account from "@app/(portal)/account/page";
import AccountNotifications from "@app/(portal)/account/notifications/page";
import AccountWebhooks from "@app/(portal)/account/webhooks/page";
import AiEmployees from "@app/(portal)/ai-employees/page";
import AiEmployeeSettings from "@app/(portal)/ai-employees/[id]/settings/page";
import Profile from "@app/(portal)/profile/page";
import Admin from "@app/admin/page";
import AdminMetrics from "@app/admin/metrics/page";
import AdminUsage from "@app/admin/usage/page";
import AdminJobs from "@app/admin/jobs/page";
import AdminApiKeys from "@app/admin/api-keys/page";
import AdminOutbox from "@app/admin/outbox/page";
import AdminSmsOutbox from "@app/admin/sms-outbox/page";
import AdminSpamReports from "@app/admin/spam-reports/page";
import { customerWithAiEmployee, insertInteraction } from "./interactions-fixtures";
import { createUser, type TestUser } from "./http-helpers";
import { statementsDuring } from "./statement-spy";
import { ensureSettings } from "@/features/ai-settings/defaults.server";

/**
 * Issue 27: a signed-in page costs at most 4 database statements, the
 * session check included (ADR 0156). Each page's server component is
 * rendered as the server renders it, with the async server components it
 * places in its tree (the dashboard's 7-day insights card).
 */

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

const MAX_STATEMENTS = 4;
const ASYNC_SERVER_COMPONENTS = new Set<unknown>([InsightsSummary]);

type PageFn = (props: never) => Promise<ReactNode> | ReactNode;

/** Renders the page and then every async server component in its element tree, as React's server renderer would. */
async function renderPage(page: PageFn, props: object): Promise<void> {
  const pending: ReactNode[] = [await (page as (p: object) => Promise<ReactNode>)(props)];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...(node as ReactNode[]));
    else if (isValidElement(node)) {
      const el = node as ReactElement<Record<string, unknown>>;
      if (ASYNC_SERVER_COMPONENTS.has(el.type)) pending.push(await (el.type as (p: object) => Promise<ReactNode>)(el.props));
      for (const value of Object.values(el.props)) if (isValidElement(value) || Array.isArray(value)) pending.push(value as ReactNode);
    }
  }
}

async function statementsOf(cookie: string, page: PageFn, props: object = {}): Promise<string[]> {
  request.headers = new Headers({ cookie });
  return statementsDuring(() => renderPage(page, props));
}

describe("database statements per signed-in page", () => {
  let owner: Awaited<ReturnType<typeof customerWithAiEmployee>>;
  let interactionId: string;
  let admin: TestUser;
  beforeAll(async () => {
    owner = await customerWithAiEmployee({ planId: "small", billing: "monthly" });
    // Its settings, as every AI employee has once set up: the dashboard's spend limit lines read them.
    await ensureSettings(owner.orderId);
    interactionId = await insertInteraction({ orderId: owner.orderId, accountId: owner.user.id });
    admin = await createUser({ role: "admin" });
  });

  const search = (params: Record<string, string> = {}) => ({ searchParams: Promise.resolve(params) });
  const portal: Array<[string, PageFn, () => object]> = [
    ["/dashboard", Dashboard, () => ({})],
    ["/billing", Billing, () => search()],
    ["/calls", Calls, () => search()],
    ["/calls/{id}", CallDetail, () => ({ params: Promise.resolve({ id: interactionId }) })],
    ["/calls/appointments", Appointments, () => search()],
    ["/insights", Insights, () => search()],
    ["/insights?aiEmployeeId=…", Insights, () => search({ aiEmployeeId: owner.orderId })],
    ["/account", Account, () => search()],
    ["/account/notifications", AccountNotifications, () => ({})],
    ["/account/webhooks", AccountWebhooks, () => ({})],
    ["/ai-employees", AiEmployees, () => ({})],
    ["/ai-employees/{id}/settings", AiEmployeeSettings, () => ({ params: Promise.resolve({ id: owner.orderId }) })],
    ["/profile", Profile, () => search()],
  ];
  it.each(portal)("%s as the owner", async (_path, page, props) => {
    // The embedded default (the sandbox, npm start's provider): its clock read counts.
    const statements = await statementsOf(owner.user.cookie, page, props());
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
  });

  const consolePages: Array<[string, PageFn, () => object]> = [
    ["/admin", Admin, () => search()],
    ["/admin/metrics", AdminMetrics, () => search()],
    ["/admin/usage", AdminUsage, () => search()],
    ["/admin/jobs", AdminJobs, () => search()],
    ["/admin/api-keys", AdminApiKeys, () => ({})],
    ["/admin/outbox", AdminOutbox, () => search()],
    ["/admin/sms-outbox", AdminSmsOutbox, () => search()],
    ["/admin/spam-reports", AdminSpamReports, () => search()],
  ];
  it.each(consolePages)("%s as an operator admin", async (_path, page, props) => {
    const statements = await statementsOf(admin.cookie, page, props());
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(MAX_STATEMENTS);
  });
});
