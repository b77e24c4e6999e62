import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";

/**
 * The permissions and the roles that hold them (issue 22, ADR 0107): the one
 * place that says who may do what in a business account. Routes declare the
 * permission they need (`route({ permission })`); pages ask `can()`. No code
 * checks a role by name.
 */
export const PERMISSIONS = [
  "calls.read",
  "calls.export",
  "calls.reportSpam",
  "settings.read",
  "settings.edit",
  "billing.read",
  "billing.manage",
  "members.manage",
  "integrations.manage",
  "account.delete",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ["owner", "manager", "staff", "billing"] as const;
export type AccountRole = (typeof ROLES)[number];

/** What each role holds. */
export const ROLE_PERMISSIONS: Record<AccountRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => !p.startsWith("billing.") && p !== "account.delete"),
  // Staff see the AI employee's settings read-only (issue 24, ADR 0123).
  staff: ["calls.read", "calls.reportSpam", "settings.read"],
  billing: ["billing.read", "billing.manage"],
};

/** How a role reads in the product. */
export const ROLE_LABELS: Record<AccountRole, string> = { owner: "Owner", manager: "Manager", staff: "Staff", billing: "Billing" };

/** What each role is for, shown beside the role picker. */
export const ROLE_DESCRIPTIONS: Record<AccountRole, string> = {
  owner: "Everything, including billing and deleting the account.",
  manager: "Everything but billing and deleting the account.",
  staff: "Calls, the dashboard, reporting spam, and viewing the settings of the AI employee.",
  billing: "Billing and invoices only.",
};

/** How a permission reads in a refusal. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  "calls.read": "view calls",
  "calls.export": "export calls",
  "calls.reportSpam": "report spam",
  "settings.read": "view settings",
  "settings.edit": "change settings",
  "billing.read": "view billing",
  "billing.manage": "manage billing",
  "members.manage": "manage members",
  "integrations.manage": "manage notification rules and webhooks",
  "account.delete": "delete the account",
};

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether a member with this role holds the permission (an unknown role holds nothing). */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isAccountRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** The refusal's words: "Your role (Staff) does not allow you to manage billing (billing.manage)." */
export function missingPermissionMessage(role: string, permission: Permission): string {
  const label = isAccountRole(role) ? ROLE_LABELS[role] : role;
  return `Your role (${label}) does not allow you to ${PERMISSION_LABELS[permission]} (${permission}).`;
}

// --- The same table for better-auth's organization plugin -------------------
// Our permissions are statements "calls", "settings", … with their actions;
// the plugin's own endpoints check its statements (invitation.create,
// member.update, organization.update, …), which follow members.manage,
// billing.manage and account.delete.

const statements = {
  ...defaultStatements,
  calls: ["read", "export", "reportSpam"],
  settings: ["read", "edit"],
  billing: ["read", "manage"],
  members: ["manage"],
  integrations: ["manage"],
  account: ["delete"],
} as const;

export const accessControl = createAccessControl(statements);

type Statements = { -readonly [K in keyof typeof statements]?: Array<(typeof statements)[K][number]> };

function pluginStatements(role: AccountRole): Statements {
  const held = ROLE_PERMISSIONS[role];
  const out: Record<string, string[]> = {};
  for (const p of held) {
    const [resource, action] = p.split(".") as [string, string];
    (out[resource] ??= []).push(action);
  }
  if (held.includes("members.manage")) {
    out.member = ["create", "update", "delete"];
    out.invitation = ["create", "cancel"];
  }
  // Business details (name, billing e-mail, time zone) follow settings.edit.
  if (held.includes("settings.edit")) out.organization = ["update"];
  if (held.includes("account.delete")) out.organization = [...(out.organization ?? []), "delete"];
  return out as Statements;
}

/** The roles for `organization({ ac, roles })`. */
export const pluginRoles = Object.fromEntries(ROLES.map((r) => [r, accessControl.newRole(pluginStatements(r))])) as Record<AccountRole, ReturnType<typeof accessControl.newRole>>;
