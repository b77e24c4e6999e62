import { text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Column builders the tables share, so each table says only what is its own.
 * Each call makes a new column (a builder must not be shared between tables).
 * They build exactly what was written out before: the generated SQL and the
 * migration snapshots are unchanged (`npx drizzle-kit generate` finds nothing).
 */

/** `id text primary key`: the row's id, made in code (UUIDs or the sender's ids). */
export const id = () => text("id").primaryKey();

/** A `timestamp with time zone` column, the only kind of time the schema stores. */
const tz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database when the row is inserted. */
export const createdAt = () => tz("created_at").notNull().defaultNow();

/** `updated_at`, set on insert; the code sets it on each update. */
export const updatedAt = () => tz("updated_at").notNull().defaultNow();

/** `created_at` then `updated_at`, for spreading into a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** A required text reference whose row is deleted with the row it points at. */
export const cascadeRef = (name: string, target: () => AnyPgColumn) => text(name).notNull().references(target, { onDelete: "cascade" });
