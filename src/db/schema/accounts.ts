import { relations } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, createdAt, cascadeRef } from "./columns";
import { user } from "./auth";

/**
 * A business account: the tenant (issue 22, ADR 0107). better-auth's
 * organization plugin owns these three tables (model names `organization`,
 * `member`, `invitation`); billing e-mail and time zone are our additional
 * fields. Every customer row (subscriptions, calls, notices, usage) carries
 * `account_id` pointing here.
 */
export const organization = pgTable("organization", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  metadata: text("metadata"),
  /** Where invoices and billing notices go; null: the owners' addresses. */
  billingEmail: text("billing_email"),
  /** IANA time zone the account's days and months are shown in. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** Set when the account was deleted: its members are gone, its calls anonymised, its invoices kept. */
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** `account_id`, required: the account a row belongs to, deleted with it. */
export const accountRef = () => cascadeRef("account_id", () => organization.id);

/** A user's membership of an account, with one role (src/features/accounts/permissions.ts). */
export const member = pgTable(
  "member",
  {
    id: id(),
    organizationId: cascadeRef("organization_id", () => organization.id),
    userId: cascadeRef("user_id", () => user.id),
    role: text("role").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("member_organization_user_idx").on(t.organizationId, t.userId), index("member_user_idx").on(t.userId)],
);

/** An invitation to join an account by e-mail, with the role the invitee will get. */
export const invitation = pgTable(
  "invitation",
  {
    id: id(),
    organizationId: cascadeRef("organization_id", () => organization.id),
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** pending, accepted, rejected or canceled (better-auth's spelling). */
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    inviterId: cascadeRef("inviter_id", () => user.id),
    /** When the e-mail was last sent (resend is throttled). */
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("invitation_organization_idx").on(t.organizationId), index("invitation_email_idx").on(t.email)],
);

/**
 * The account's audit log: who did what and when (issue 22). `actorEmail` is
 * kept as it was, so the entry still reads right after the login is deleted.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    accountId: accountRef(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_account_created_idx").on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

// Relations for better-auth's joins (get-full-organization, list-members).
export const organizationRelations = relations(organization, ({ many }) => ({ members: many(member), invitations: many(invitation) }));
export const memberRelations = relations(member, ({ one }) => ({
  organization: one(organization, { fields: [member.organizationId], references: [organization.id] }),
  user: one(user, { fields: [member.userId], references: [user.id] }),
}));
export const invitationRelations = relations(invitation, ({ one }) => ({
  organization: one(organization, { fields: [invitation.organizationId], references: [organization.id] }),
  inviter: one(user, { fields: [invitation.inviterId], references: [user.id] }),
}));
