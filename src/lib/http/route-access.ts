import "server-only";
import type { Access } from "./route";

/**
 * Who may call each API route, by file path under app/api and HTTP method.
 * The authorization test enumerates every route file and fails when one is
 * missing here, then checks anonymous callers get 401 on "user"/"admin"
 * routes and customers get 403 on "admin" routes.
 */
export const ROUTE_ACCESS: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Access>>> = {
  "auth/[...all]": { GET: "public", POST: "public" },
  "auth/user": { GET: "user" },
  // dashboard Recent Activity: the caller's own events
  activity: { GET: "user" },
  health: { GET: "public" },
  "demo-leads": { POST: "public" },
  contact: { POST: "public" },
  login: { GET: "public" },
  logout: { GET: "public", POST: "public" },
  // admin orders, notifications, welcome e-mail; avatar uploads (the PUT is
  // public because its signed URL is the authorization)
  "admin/ai-ready-orders": { GET: "admin", POST: "admin" },
  "admin/ai-ready-orders/[id]": { GET: "admin", PATCH: "admin", DELETE: "admin" },
  "admin/notifications": { GET: "admin" },
  "admin/notifications/[id]/read": { PUT: "admin" },
  "admin/send-welcome-email": { POST: "admin" },
  "objects/upload": { POST: "admin" },
  "objects/put/[...key]": { PUT: "public" },
  "objects/[...key]": { GET: "public" },
  // admin subscriptions, usage metering, overage invoices, test tools (404
  // unless ENABLE_TEST_TOOLS=true)
  "admin/subscriptions": { GET: "admin" },
  "admin/subscription-period": { GET: "admin" },
  "admin/stripe-prices": { GET: "admin" },
  "admin/add-usage": { POST: "admin" },
  "admin/add-meter-usage": { POST: "admin" },
  "admin/overage-entries": { POST: "admin" },
  "admin/overage-entries/[id]/line-items": { POST: "admin" },
  "admin/overage-entries/[id]/submit": { POST: "admin" },
  "admin/overage-entries/subscription/[id]": { GET: "admin" },
  "test/create-subscription": { POST: "admin" },
  "test/meter-usage": { POST: "admin" },
  "test/defaults": { GET: "admin" },
  // customer billing API (scoped to the caller), provider webhook (signed),
  // sandbox provider
  "subscription-plans": { GET: "public" },
  "subscription-plans/[planId]": { GET: "public" },
  "create-subscription": { POST: "user" },
  "create-setup-intent": { POST: "user" },
  "complete-subscription": { POST: "user" },
  "payment-setup-confirmed": { POST: "user" },
  "cancel-subscription": { POST: "user" },
  "create-portal-session": { POST: "user" },
  "billing-history": { GET: "user" },
  "ai-ready-orders": { GET: "user" },
  "user-subscriptions": { GET: "user" },
  "stripe/webhook": { POST: "public" },
  "sandbox/confirm-setup": { POST: "user" },
  "admin/sandbox-clock": { GET: "admin", POST: "admin" },
  // calls and messages from the AI employees (issue 13): the platform's API
  // (an API key in the handler) and the admin's keys
  "v1/interactions": { POST: "public" },
  "v1/webhooks/retell": { POST: "public" },
  "admin/api-keys": { GET: "admin", POST: "admin" },
  "admin/api-keys/[id]": { DELETE: "admin" },
  "admin/subscriptions/[id]/auto-bill-overage": { PUT: "admin" },
  // the customer's call log (their own records only); the recording is
  // public because its signed, 15-minute URL is the authorization
  interactions: { GET: "user" },
  "interactions/[id]": { GET: "user" },
  "interactions/[id]/report-spam": { POST: "user" },
  "interactions/export.csv": { GET: "user" },
  "interactions/monthly-usage.csv": { GET: "user" },
  "interactions/[id]/recording": { GET: "public" },
  // spam reports past a month's self-service credit, decided by an admin (ADR 0105)
  "admin/spam-reports": { GET: "admin" },
  "admin/spam-reports/[id]/approve": { POST: "admin" },
  "admin/spam-reports/[id]/decline": { POST: "admin" },
  // the caller's own in-app notices (usage alerts) on the dashboard
  notices: { GET: "user" },
  "notices/[id]/read": { PUT: "user" },
  // durable jobs: retry a dead job from /admin/jobs (helper "jobs")
  "admin/jobs/[id]/retry": { POST: "admin" },
  // --- issue 22, account care (helper "care"): deleting the business account
  // (route({ permission: "account.delete" })) and signing out one of the
  // caller's own sessions
  account: { DELETE: "user" },
  "sessions/[id]": { DELETE: "user" },
};
