import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, bigint } from "drizzle-orm/pg-core";
import { id, timestamps, cascadeRef } from "./columns";
import { relations } from "drizzle-orm";

/** better-auth core tables, with our profile fields and role on `user`. */
export const user = pgTable(
  "user",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** 'admin' or 'customer'; admin only counts for a verified address (see auth/roles.ts). */
    role: text("role").notNull().default("customer"),
    ...timestamps(),
  },
  // One trigram index over everything the admin subscriptions search reads (ADR 0096, 0100).
  (t) => [
    index("user_search_trgm_idx")
      .using("gin", sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * What the admin search matches for a user: account name, first and last name
 * and e-mail in one lower-cased text, the expression of `user_search_trgm_idx`
 * (a query must repeat it exactly for the index to serve `like '%q%'`).
 */
export function userSearchText(t: { name: AnyColumn; firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }): SQL {
  return sql`lower(${t.name} || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || ${t.email})`;
}

export const session = pgTable(
  "session",
  {
    id: id(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ...timestamps(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** The business account this session works in (better-auth organization plugin; checked against membership on every request). */
    activeOrganizationId: text("active_organization_id"),
    userId: cascadeRef("user_id", () => user.id),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: id(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: cascadeRef("user_id", () => user.id),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: id(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's database rate-limit store (sign-in attempts). */
export const rateLimit = pgTable("rate_limit", {
  id: id(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Failed sign-ins counted per account ("account:<email>"), per account and
 * client address ("account:<email>|ip:<address>") and per client address
 * ("ip:<address>"); too many failures in the window lock the key until
 * `lockedUntil` (src/features/auth/sign-in-lockout.server.ts, ADR 0104).
 */
export const signInFailures = pgTable("sign_in_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

// Relations for better-auth's joins (advanced.database.joins): a session is
// read with its user in one query, on every signed-in request.
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));
