import "server-only";
import type { Access } from "./route";

/**
 * What a route needs: "public", "user" (any signed-in user), "admin" (the
 * operator's admins), or a business-account permission such as
 * "billing.manage" (src/features/accounts/permissions.ts; issue 22).
 */
export type RouteNeed = Access | `${string}.${string}`;

/**
 * Who may call each API route, by file path under app/api and HTTP method.
 * The authorization test enumerates every route file and fails when one is
 * missing here; the permission matrix (test/permission-matrix.int.test.ts)
 * calls every entry as owner, manager, staff, billing, a member of another
 * account, an anonymous caller and an operator admin, and checks each answer
 * against this table.
 */
export const ROUTE_ACCESS: Record<string, Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", RouteNeed>>> = {
  "auth/[...all]": { GET: "public", POST: "public" },
  "auth/user": { GET: "user" },
  // dashboard Recent Activity: the account's events
  activity: { GET: "calls.read" },
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
  // the operator's metrics, one figure's CSV (issue 26, ADR 0139)
  "admin/metrics/export.csv": { GET: "admin" },
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
  "create-subscription": { POST: "billing.manage" },
  "create-setup-intent": { POST: "billing.manage" },
  "complete-subscription": { POST: "billing.manage" },
  "payment-setup-confirmed": { POST: "billing.manage" },
  "cancel-subscription": { POST: "billing.manage" },
  "create-portal-session": { POST: "billing.manage" },
  "billing-history": { GET: "billing.read" },
  "ai-ready-orders": { GET: "billing.read" },
  "user-subscriptions": { GET: "billing.read" },
  "stripe/webhook": { POST: "public" },
  "sandbox/confirm-setup": { POST: "billing.manage" },
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
  interactions: { GET: "calls.read" },
  "interactions/[id]": { GET: "calls.read" },
  "interactions/[id]/report-spam": { POST: "calls.reportSpam" },
  "interactions/export.csv": { GET: "calls.export" },
  "interactions/monthly-usage.csv": { GET: "calls.export" },
  // Issue 26: staff see insights; the month's dollar figure needs billing.read (inside the route).
  insights: { GET: "calls.read" },
  "insights/export.csv": { GET: "calls.read" },
  "interactions/[id]/recording": { GET: "public" },
  // issue 25: the OpenAPI document of the customer's API (public, cacheable)
  "openapi.json": { GET: "public" },
  // spam reports past a month's self-service credit, decided by an admin (ADR 0105)
  "admin/spam-reports": { GET: "admin" },
  "admin/spam-reports/[id]/approve": { POST: "admin" },
  "admin/spam-reports/[id]/decline": { POST: "admin" },
  // the caller's own in-app notices (usage alerts) on the dashboard
  notices: { GET: "calls.read" },
  "notices/[id]/read": { PUT: "calls.read" },
  // durable jobs: retry a dead job from /admin/jobs (helper "jobs")
  "admin/jobs/[id]/retry": { POST: "admin" },
  // --- issue 22, the operator's console (helper "admin"): the read-only business account page's data
  "admin/accounts/[id]": { GET: "admin" },
  // --- issue 22, members and invitations (helper "members"): the account's
  // audit log as CSV, for members holding members.manage
  "account/audit-log.csv": { GET: "members.manage" },
  // --- issue 22, account care (helper "care"): deleting the business account
  // (route({ permission: "account.delete" })) and signing out one of the
  // caller's own sessions
  account: { DELETE: "account.delete" },
  "sessions/[id]": { DELETE: "user" },
  // --- issue 23, invoice PDFs: the account's invoice (Stripe's own PDF by redirect, the sandbox's drawn)
  "invoices/[id]/pdf": { GET: "billing.read" },
  // --- issue 23, cancelling, resuming and plan changes (helper "b2"): the
  // caller's account's own subscriptions (another account's id answers 404)
  "subscriptions/[id]/resume": { POST: "billing.manage" },
  "subscriptions/[id]/change-preview": { GET: "billing.read" },
  "subscriptions/[id]/change-plan": { POST: "billing.manage", DELETE: "billing.manage" },
  // --- issue 23, the "needs attention" inbox (helper C1, ADR 0115): the open
  // items and today's totals; the shared Handled mark and its undo (staff too)
  attention: { GET: "calls.read" },
  "interactions/[id]/handled": { PUT: "calls.read", DELETE: "calls.read" },
  // --- issue 24, the AI employee's settings (helper C, ADR 0123): the
  // account's own AI employees (another account's id answers 404); the
  // operator's console edits any, authored "operator"
  "ai-employees": { GET: "settings.read" },
  "ai-employees/[id]/settings": { GET: "settings.read", PUT: "settings.edit" },
  "ai-employees/[id]/settings/versions": { GET: "settings.read" },
  "ai-employees/[id]/settings/versions/[version]/restore": { POST: "settings.edit" },
  "ai-employees/[id]/settings/sync": { POST: "settings.edit" },
  "ai-employees/[id]/preview": { GET: "settings.read" },
  "admin/ai-employees/[id]/settings": { GET: "admin", PUT: "admin" },
  "admin/ai-employees/[id]/settings/versions": { GET: "admin" },
  "admin/ai-employees/[id]/settings/versions/[version]/restore": { POST: "admin" },
  "admin/ai-employees/[id]/settings/sync": { POST: "admin" },
  "admin/ai-employees/[id]/preview": { GET: "admin" },
  // --- issue 24, test calls (helper D): the account's tester numbers (calls from them are tagged test, ten free a month)
  "account/tester-numbers": { GET: "settings.read", PUT: "settings.edit" },
  // --- issue 25, SMS (helper "sms", ADR 0130): Twilio's status callback
  // (public: its X-Twilio-Signature, made with the auth token, is the authorization)
  "v1/webhooks/twilio": { POST: "public" },
  // --- issue 25, webhook endpoints API: the account's endpoints, their secrets and delivery log (owners and managers)
  "webhook-endpoints": { GET: "integrations.manage", POST: "integrations.manage" },
  "webhook-endpoints/[id]": { PATCH: "integrations.manage", DELETE: "integrations.manage" },
  "webhook-endpoints/[id]/rotate-secret": { POST: "integrations.manage" },
  "webhook-endpoints/[id]/deliveries": { GET: "integrations.manage" },
  "webhook-endpoints/[id]/test": { POST: "integrations.manage" },
  "webhook-deliveries/[id]/resend": { POST: "integrations.manage" },
  // --- issue 25, notifications about calls (helper "alerts", ADR 0129): the account's rules (another account's id answers 404);
  // each member's own choices; the one-click unsubscribe (public: its signed token is the authorization)
  "notification-rules": { GET: "integrations.manage", POST: "integrations.manage" },
  "notification-rules/[id]": { PATCH: "integrations.manage", DELETE: "integrations.manage" },
  "account/notification-preferences": { GET: "calls.read", PUT: "calls.read" },
  unsubscribe: { POST: "public" },
};
