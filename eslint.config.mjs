import { readdirSync } from "node:fs";
import path from "node:path";
import boundaries from "eslint-plugin-boundaries";
import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";
import { sqlConditionsPlugin } from "./scripts/lint/no-bare-sql-condition.mjs";
import { schemaTables, tableOwners, tableOwnersPlugin } from "./scripts/lint/table-owners.mjs";

/**
 * Layers (README.md, Architecture), checked by eslint-plugin-boundaries:
 *   app/             pages and route handlers: may import features and lib
 *   src/features/*   may import lib, db and the features it declares below
 *   src/lib, src/db  import no feature and no page (they may use each other)
 *   src/features/billing/subscription-state.ts  the statuses' meaning (ADR
 *                    0135): below every feature (each may import it, so no
 *                    cycle), imports only db
 *
 * FEATURE_DEPENDENCIES is the one declaration of which feature may import
 * which: a feature imports only the features listed for it. Every folder in
 * src/features must be listed, and the graph must have no cycle: loading this
 * file fails otherwise, so `eslint .` fails. To let feature A use feature B,
 * add B to A's list; if that closes a cycle, move the shared code down (into
 * the lower feature or a new small one) or pass a callback instead.
 *
 * Directions chosen when the old cycles were broken:
 *   admin -> orders, notifications: the console's tabs share the error toast
 *     from admin-errors (moved out of admin), never admin itself.
 *   usage -> billing: the /api/auth/user summary (subscription + this period's
 *     usage) lives in usage (subscription-summary.server.ts), not billing.
 *   admin-subscriptions -> usage: both take the subscription status badge
 *     from billing (billing/components/status-badges.tsx).
 *   auth -> account-care: better-auth's user.deleteUser and user.changeEmail
 *     (auth.server.ts) use account care's rules; billing no longer imports
 *     auth (it names the caller fields it needs), so account-care may use
 *     billing and interactions to delete an account (issue 22, ADR 0109).
 */
export const FEATURE_DEPENDENCIES = {
  "account-care": ["accounts", "billing", "email", "interactions"],
  accounts: ["email"],
  admin: ["accounts", "admin-subscriptions", "ai-settings", "auth", "billing", "email", "interactions", "notifications", "orders", "plans", "sms", "test-tools"],
  "admin-accounts": ["accounts"],
  "admin-metrics": ["admin-accounts", "billing", "interactions", "plans", "usage"],
  "admin-errors": [],
  "ai-settings": ["accounts", "email", "plans", "voice-platform"],
  "api-docs": ["call-alerts", "interactions", "webhooks"],
  "admin-subscriptions": ["accounts", "admin-accounts", "billing", "overage", "plans", "usage"],
  auth: ["account-care", "accounts", "email", "insights"],
  billing: ["accounts", "ai-settings", "email", "notifications", "orders", "plans", "webhooks"],
  "call-alerts": ["accounts", "email", "plans", "sms", "usage"],
  contact: ["email", "leads", "marketing", "notifications"],
  email: [],
  // Insights (issue 26): the page reads the account's AI employees and zone (interactions); the AI employee's opening hours (ai-settings), its plan's price (plans, usage).
  insights: ["accounts", "ai-settings", "interactions", "plans", "usage"],
  // The app's one list of jobs (ADR 0141): it reads every feature's jobs.ts and nothing imports it but the composition root.
  "jobs-registry": ["account-care", "admin", "ai-settings", "billing", "call-alerts", "email", "insights", "interactions", "orders", "overage", "sms", "usage", "webhooks"],
  interactions: ["accounts", "ai-settings", "billing", "call-alerts", "email", "notifications", "orders", "overage", "plans", "usage", "webhooks"],
  leads: ["notifications"],
  marketing: ["plans"],
  notifications: ["admin-errors"],
  orders: ["admin-accounts", "admin-errors", "ai-settings", "email", "storage"],
  overage: ["billing", "plans", "usage"],
  plans: [],
  sms: [],
  portal: ["ai-settings", "billing", "interactions", "plans", "usage"],
  shell: ["accounts", "auth", "plans"],
  storage: [],
  "test-tools": ["billing", "plans"],
  usage: ["accounts", "billing", "plans"],
  "voice-platform": [],
  webhooks: ["accounts", "email"],
};

/** Throws unless `deps` names exactly the folders of src/features and has no cycle. */
export function checkFeatureDependencies(deps, featureFolders) {
  const declared = Object.keys(deps);
  const undeclared = featureFolders.filter((f) => !declared.includes(f));
  if (undeclared.length) throw new Error(`FEATURE_DEPENDENCIES (eslint.config.mjs) does not list src/features/${undeclared.join(", ")}`);
  const missing = declared.filter((f) => !featureFolders.includes(f));
  if (missing.length) throw new Error(`FEATURE_DEPENDENCIES (eslint.config.mjs) lists ${missing.join(", ")}, not folders of src/features`);
  for (const [feature, list] of Object.entries(deps)) {
    const unknown = list.filter((d) => !declared.includes(d) || d === feature);
    if (unknown.length) throw new Error(`FEATURE_DEPENDENCIES.${feature} names ${unknown.join(", ")}: not another feature`);
  }
  const done = new Set();
  const visit = (feature, trail) => {
    if (trail.includes(feature)) throw new Error(`FEATURE_DEPENDENCIES has a cycle: ${[...trail.slice(trail.indexOf(feature)), feature].join(" -> ")}`);
    if (done.has(feature)) return;
    for (const d of deps[feature]) visit(d, [...trail, feature]);
    done.add(feature);
  };
  for (const feature of declared) visit(feature, []);
}

const featureFolders = readdirSync(path.join(import.meta.dirname, "src/features"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
checkFeatureDependencies(FEATURE_DEPENDENCIES, featureFolders);

/**
 * Tables have owners (issue 26, ADR 0151). Every table of src/db/schema
 * belongs to one feature (or "lib" for the job keys of src/lib/jobs): only
 * its owner imports it; another feature calls the owner's functions. A table's
 * owner is its schema file's (SCHEMA_OWNERS) unless TABLE_OWNERS names it: the
 * feature that writes the table. A new table without an owner fails loading
 * this file. Checked by scripts/lint/table-owners.mjs for src/ and app/ (app/
 * imports no table); tests, test/, e2e/ and scripts/ are exempt.
 */
export const SCHEMA_OWNERS = {
  accounts: "accounts",
  "ai-settings": "ai-settings",
  auth: "auth",
  billing: "billing",
  "call-alerts": "call-alerts",
  email: "email",
  insights: "insights",
  interactions: "interactions",
  jobs: "lib",
  leads: "leads",
  notifications: "notifications",
  orders: "orders",
  sms: "sms",
  storage: "storage",
  usage: "usage",
  webhooks: "webhooks",
};

/** Tables whose owner is not their schema file's: the feature that writes them. */
export const TABLE_OWNERS = {
  overageEntries: "overage",
  overageLineItems: "overage",
  overageAutoBills: "overage",
  contactMessages: "contact",
  // The usage alerts and spend-limit notices of the dashboard (interactions/customer-notices.server.ts).
  customerNotices: "interactions",
};

/**
 * Read-only readers: a feature that may import another's table to read it
 * (never insert, update or delete; the rule checks). Only where a function
 * of the owner is not enough: the reader sits below the owner
 * (FEATURE_DEPENDENCIES) so it cannot call it, or the table is joined into
 * one of the reader's own statements (a page of a list, an aggregate, a row
 * lock) that a function returning rows would split in two. Each entry says
 * why; remove a reader once its query has moved to the owner.
 */
export const TABLE_READERS = {
  // Logins belong to auth (better-auth writes them). accounts sits below auth (auth imports it) and reads them for every feature below
  // auth (accounts/account-reads.server.ts). The others join a member's login (e-mail, name) into their own statements: the admin
  // lists page by it, the billing and alert e-mails join the first owner (firstOwnerOf) to the subscription or call they are about.
  user: ["accounts", "admin-accounts", "admin-subscriptions", "billing", "call-alerts", "interactions"],
  // Sessions and credential accounts: accounts (the login hooks) and account-care (signing out, password state) sit below auth.
  session: ["account-care", "accounts"],
  account: ["account-care"],
  // Memberships joined into the same statements as the logins above (firstOwnerOf, a role's members).
  member: ["admin-accounts", "admin-subscriptions", "billing", "call-alerts", "interactions"],
  // The business account's name, time zone and billing e-mail joined into those statements, and the admin metrics' counts.
  organization: ["admin-accounts", "admin-metrics", "billing", "call-alerts", "interactions"],
  // Subscriptions joined into the reader's statements: the admin lists and metrics page and count by them; the ledger, the spend-limit
  // checks and the alerts join them to AI employees in one statement; ai-settings, admin-accounts and call-alerts sit below billing.
  subscriptions: ["admin-accounts", "admin-metrics", "admin-subscriptions", "ai-settings", "call-alerts", "interactions", "usage"],
  // AI employees' names and links joined into lists, call pages and e-mails; ai-settings, admin-accounts and call-alerts sit below orders.
  aiReadyOrders: ["admin-accounts", "admin-subscriptions", "ai-settings", "billing", "call-alerts", "interactions", "usage"],
  // Calls read by features below interactions: the ledger's months (usage), test-call counts (ai-settings), alerts (call-alerts); and the admin metrics' aggregates.
  interactions: ["admin-metrics", "ai-settings", "call-alerts", "usage"],
  // The admin metrics page aggregates across all accounts in single statements.
  invoices: ["admin-metrics"],
  overageEntries: ["admin-metrics"],
  usageRecords: ["admin-metrics"],
  // The spend-limit month reset joins the AI employees in messages only to their subscriptions in one statement.
  aiEmployeeSettings: ["interactions"],
};

const TABLE_OWNER_MAP = tableOwners({
  tables: schemaTables(path.join(import.meta.dirname, "src/db/schema")),
  fileOwners: SCHEMA_OWNERS,
  overrides: TABLE_OWNERS,
  readers: TABLE_READERS,
  features: featureFolders,
});

const LAYER_MESSAGE =
  "Layer rule: app imports features and lib; a feature imports lib, db and the features declared for it in FEATURE_DEPENDENCIES (eslint.config.mjs); lib and db import no feature and no page.";

const layers = {
  name: "layers",
  files: ["app/**/*.{ts,tsx}", "src/**/*.{ts,tsx}"],
  plugins: { boundaries },
  settings: {
    "boundaries/elements": [
      { type: "app", pattern: "app", partialMatch: false },
      { type: "feature", pattern: "src/features/*", capture: ["feature"], partialMatch: false },
      { type: "lib", pattern: "src/lib", partialMatch: false },
      { type: "db", pattern: "src/db", partialMatch: false },
    ],
    "boundaries/files": [
      { category: "test", pattern: ["**/*.test.ts", "**/*.test.tsx"] },
      { category: "subscription-state", pattern: "src/features/billing/subscription-state.ts" },
    ],
    // Re-exports and import() count as much as import statements.
    "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    "boundaries/legacy-templates": false,
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "disallow",
        message: LAYER_MESSAGE,
        policies: [
          { from: { element: { type: "app" } }, allow: { to: { element: { type: ["feature", "lib"] } } } },
          { from: { element: { type: ["lib", "db"] } }, allow: { to: { element: { type: ["lib", "db"] } } } },
          // Every feature may use the statuses' meaning (ADR 0135); that file imports only db.
          { from: { element: { type: "feature" } }, allow: { to: { file: { categories: "subscription-state" } } } },
          ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, deps]) => ({
            from: { element: { type: "feature", captured: { feature } } },
            allow: {
              to: [{ element: { type: ["lib", "db"] } }, ...(deps.length ? [{ element: { type: "feature", captured: { feature: deps } } }] : [])],
            },
          })),
          // ...and it imports db only (no feature, no lib), so it stays below every feature and client-safe.
          { from: { file: { categories: "subscription-state" } }, disallow: { to: { element: { type: ["feature", "lib", "app"] } } } },
          // A test may also call the route handlers it tests.
          { from: { file: { categories: "test" } }, allow: { to: { element: { type: "app" } } } },
        ],
      },
    ],
  },
};

const config = [
  ...next,
  ...nextTs,
  layers,
  {
    // One configured Zod (src/lib/zod.ts: parsers without eval, which the CSP forbids).
    files: ["app/**/*.{ts,tsx}", "src/**/*.{ts,tsx}"],
    ignores: ["src/lib/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "zod", message: 'Import from "@/lib/zod" (Zod configured for the CSP).' }] }],
    },
  },
  {
    // Multi-condition WHERE clauses cannot regroup (issue 21): no bare sql`` inside and()/or().
    files: ["app/**/*.{ts,tsx}", "src/**/*.{ts,tsx}", "scripts/**/*.{ts,mts}", "test/**/*.ts", "e2e/**/*.ts"],
    plugins: { "sql-conditions": sqlConditionsPlugin },
    rules: { "sql-conditions/no-bare-sql-condition": "error" },
  },
  {
    // Tables have owners (issue 26, ADR 0151): see SCHEMA_OWNERS above.
    files: ["app/**/*.{ts,tsx}", "src/**/*.{ts,tsx}"],
    // Tests and their fixtures (a feature's testing/ folder) are exempt.
    ignores: ["**/*.test.ts", "**/*.test.tsx", "src/**/testing/**"],
    plugins: { "table-owners": tableOwnersPlugin },
    rules: { "table-owners/own-tables": ["error", { owners: TABLE_OWNER_MAP, readers: TABLE_READERS }] },
  },
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", "data/**", "src/db/migrations/**", "next-env.d.ts"] },
];
export default config;
