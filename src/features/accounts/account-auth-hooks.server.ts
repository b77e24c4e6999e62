import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import { getDb } from "@/lib/db";
import { invitation, member, session as sessionTable, user as userTable } from "@/db/schema";
import { logger } from "@/lib/logger";
import { recordAudit, type AuditAction } from "./audit.server";
import { RESEND_GAP_SECONDS, resendWaitMessage } from "./invitation-rules";
import { isAccountRole, ROLE_LABELS } from "./permissions";
import { businessDetailsProblem } from "./business-details";

type Body = Record<string, unknown>;
type HookCtx = {
  path: string;
  body?: unknown;
  context: {
    returned?: unknown;
    session?: { user: { id: string; email: string }; session: { activeOrganizationId?: string | null } } | null;
    newSession?: { user: { id: string; email: string }; session: { id: string; userAgent?: string | null } } | null;
  };
};

function bodyOf(ctx: HookCtx): Body {
  const b = ctx.body;
  return b && typeof b === "object" && !Array.isArray(b) ? (b as Body) : {};
}

const roleLabel = (role: unknown) => (isAccountRole(role) ? ROLE_LABELS[role] : String(role));

/**
 * Before better-auth's organization endpoints run (issue 22): resending an
 * invitation is throttled, and business details are checked.
 */
export async function accountsBeforeHook(ctx: HookCtx): Promise<void> {
  const body = bodyOf(ctx);
  if (ctx.path === "/organization/invite-member" && body.resend === true && typeof body.email === "string") {
    const db = await getDb();
    const organizationId = (typeof body.organizationId === "string" && body.organizationId) || ctx.context.session?.session.activeOrganizationId;
    if (!organizationId) return;
    const [pending] = await db
      .select({ lastSentAt: invitation.lastSentAt })
      .from(invitation)
      .where(and(eq(invitation.organizationId, organizationId), eq(invitation.email, body.email.trim().toLowerCase()), eq(invitation.status, "pending")))
      .limit(1);
    const last = pending?.lastSentAt?.getTime();
    if (last && Date.now() - last < RESEND_GAP_SECONDS * 1000) {
      const wait = Math.ceil((last + RESEND_GAP_SECONDS * 1000 - Date.now()) / 1000);
      throw new APIError("TOO_MANY_REQUESTS", { message: resendWaitMessage(wait), code: "INVITATION_RESEND_THROTTLED" }, { "Retry-After": String(wait) });
    }
  }
  if (ctx.path === "/organization/create") {
    const problem = businessDetailsProblem({ name: body.name });
    if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_BUSINESS_DETAILS" });
  }
  if (ctx.path === "/organization/update") {
    const data = body.data && typeof body.data === "object" ? (body.data as Body) : {};
    const problem = businessDetailsProblem(data);
    if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "INVALID_BUSINESS_DETAILS" });
  }
}

/** The audit entry for a successful organization call, or null. */
function auditFor(path: string, body: Body, returned: Record<string, unknown>): { action: AuditAction; detail: string; accountId?: string } | null {
  switch (path) {
    case "/organization/invite-member":
      return {
        action: body.resend === true ? "member.invitation_resent" : "member.invited",
        detail: `${String(returned.email)} as ${roleLabel(returned.role)}`,
        accountId: String(returned.organizationId),
      };
    case "/organization/cancel-invitation":
      return { action: "member.invitation_cancelled", detail: String(returned.email ?? ""), accountId: String(returned.organizationId) };
    case "/organization/accept-invitation": {
      const m = returned.member as Record<string, unknown> | undefined;
      return m ? { action: "member.joined", detail: `as ${roleLabel(m.role)}`, accountId: String(m.organizationId) } : null;
    }
    case "/organization/update-member-role":
      return { action: "member.role_changed", detail: `user:${String(returned.userId)} to ${roleLabel(returned.role)}`, accountId: String(returned.organizationId) };
    case "/organization/remove-member": {
      const m = returned.member as Record<string, unknown> | undefined;
      return m ? { action: "member.removed", detail: `user:${String(m.userId)}`, accountId: String(m.organizationId) } : null;
    }
    case "/organization/leave":
      return { action: "member.left", detail: "", accountId: String(returned.organizationId) };
    case "/organization/update":
      return { action: "settings.changed", detail: `Business details: ${Object.keys((body.data as Body | undefined) ?? {}).join(", ")}`, accountId: String(returned.id) };
  }
  return null;
}

/** The plugin answers member changes with user ids: the log names the member by e-mail ("user:<id>" in a detail becomes the address). */
async function withEmails(detail: string): Promise<string> {
  const match = /^user:([^ ]+)/.exec(detail);
  if (!match) return detail;
  const db = await getDb();
  const [u] = await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, match[1]!)).limit(1);
  return u ? detail.replace(match[0], u.email) : detail.replace("user:", "");
}

/**
 * After better-auth answered: audit entries for member and business-detail
 * changes, a new session starts in the user's account, and a sign-in from a
 * device not seen before is written to the user's accounts' logs.
 */
export async function accountsAfterHook(ctx: HookCtx): Promise<void> {
  const returned = ctx.context.returned;
  if (!returned || isAPIError(returned) || typeof returned !== "object") return;
  try {
    if (ctx.path.startsWith("/organization/")) {
      const entry = auditFor(ctx.path, bodyOf(ctx), returned as Record<string, unknown>);
      if (entry?.accountId && entry.accountId !== "undefined") {
        // The endpoint's session lives on the endpoint's own context, not on the
        // hook's (better-auth's dispatch copies it): read it again from the request.
        const session = ctx.context.session ?? (await getSessionFromCtx(ctx as never).catch(() => null));
        const actor = session?.user;
        await recordAudit({ accountId: entry.accountId, actor: actor ? { id: actor.id, email: actor.email } : null, action: entry.action, detail: await withEmails(entry.detail) });
      }
      return;
    }
    if (ctx.path === "/sign-in/email" || ctx.path.startsWith("/callback/") || ctx.path.startsWith("/oauth2/callback")) {
      const created = ctx.context.newSession;
      if (created) await auditNewDevice(created.user, created.session);
    }
  } catch (err) {
    // The audit log must never turn an answer into a 500.
    logger.error({ err, path: ctx.path }, "could not write the audit log");
  }
}

async function auditNewDevice(user: { id: string; email: string }, created: { id: string; userAgent?: string | null }): Promise<void> {
  const db = await getDb();
  const device = created.userAgent ?? "";
  const [seen] = await db
    .select({ id: sessionTable.id })
    .from(sessionTable)
    .where(and(eq(sessionTable.userId, user.id), ne(sessionTable.id, created.id), eq(sessionTable.userAgent, device)))
    .limit(1);
  if (seen) return;
  const accounts = await db.select({ id: member.organizationId }).from(member).where(eq(member.userId, user.id));
  for (const a of accounts) {
    await recordAudit({ accountId: a.id, actor: { id: user.id, email: user.email }, action: "sign_in.new_device", detail: device.slice(0, 200) || "Unknown device" });
  }
}
