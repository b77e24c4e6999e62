import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/lib/db";
import { sandboxObjects } from "@/db/schema";
import { config } from "@/lib/config";

/**
 * Storage of the sandbox payment provider: provider objects in
 * sandbox_objects, keyed by id and kind. A unique (kind, idempotency_key)
 * makes a repeated call with the same key return the first object.
 */
export type SandboxKind = "customer" | "payment_method" | "setup_intent" | "subscription" | "invoice" | "invoice_item" | "meter_event" | "clock";

export type SandboxRow<T> = { id: string; kind: SandboxKind; customerId: string | null; data: T; idempotencyKey: string | null };

const PREFIX: Record<SandboxKind, string> = {
  customer: "cus_sbx_",
  payment_method: "pm_sbx_",
  setup_intent: "seti_sbx_",
  subscription: "sub_sbx_",
  invoice: "in_sbx_",
  invoice_item: "ii_sbx_",
  meter_event: "mev_sbx_",
  clock: "clock_sbx_",
};

export function sandboxId(kind: SandboxKind): string {
  return PREFIX[kind] + randomBytes(12).toString("hex");
}

export async function sbxDb(tx?: DbOrTx): Promise<DbOrTx> {
  return tx ?? (await getDb());
}

/** Inserts an object; with an idempotency key an existing object of that key is returned instead. */
export async function sbxInsert<T extends Record<string, unknown>>(
  kind: SandboxKind,
  input: { id?: string; customerId?: string | null; data: T; idempotencyKey?: string | null },
  tx?: DbOrTx,
): Promise<SandboxRow<T>> {
  const db = await sbxDb(tx);
  const id = input.id ?? sandboxId(kind);
  const idem = input.idempotencyKey ?? null;
  const inserted = await db
    .insert(sandboxObjects)
    .values({ id, kind, customerId: input.customerId ?? null, data: input.data, idempotencyKey: idem })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return inserted[0] as SandboxRow<T>;
  const existing = idem
    ? await db
        .select()
        .from(sandboxObjects)
        .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.idempotencyKey, idem)))
    : await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id));
  if (!existing[0]) throw new Error(`sandbox: could not insert ${kind}`);
  return existing[0] as SandboxRow<T>;
}

/** The object stored under an idempotency key, or null. */
export async function sbxFindByKey<T>(kind: SandboxKind, idempotencyKey: string, tx?: DbOrTx): Promise<SandboxRow<T> | null> {
  const db = await sbxDb(tx);
  const rows = await db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.idempotencyKey, idempotencyKey)));
  return (rows[0] as SandboxRow<T> | undefined) ?? null;
}

export async function sbxGet<T>(kind: SandboxKind, id: string, tx?: DbOrTx, forUpdate = false): Promise<SandboxRow<T> | null> {
  const db = await sbxDb(tx);
  const q = db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id)));
  const rows = forUpdate ? await q.for("update") : await q;
  return (rows[0] as SandboxRow<T> | undefined) ?? null;
}

export async function sbxList<T>(kind: SandboxKind, customerId: string, tx?: DbOrTx): Promise<SandboxRow<T>[]> {
  const db = await sbxDb(tx);
  const rows = await db
    .select()
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.customerId, customerId)))
    .orderBy(sandboxObjects.createdAt, sandboxObjects.id);
  return rows as SandboxRow<T>[];
}

export async function sbxListKind<T>(kind: SandboxKind, tx?: DbOrTx): Promise<SandboxRow<T>[]> {
  const db = await sbxDb(tx);
  return (await db.select().from(sandboxObjects).where(eq(sandboxObjects.kind, kind))) as SandboxRow<T>[];
}

export async function sbxUpdate<T extends Record<string, unknown>>(kind: SandboxKind, id: string, data: T, tx?: DbOrTx): Promise<void> {
  const db = await sbxDb(tx);
  await db
    .update(sandboxObjects)
    .set({ data, updatedAt: new Date() })
    .where(and(eq(sandboxObjects.kind, kind), eq(sandboxObjects.id, id)));
}

// ---- the sandbox clock -------------------------------------------------------

const CLOCK_ID = "clock_sbx_global";
const DAY_MS = 86_400_000;

/** Extra days admins added with the clock action. */
export async function clockOffsetDays(tx?: DbOrTx): Promise<number> {
  const row = await sbxGet<{ offsetDays: number }>("clock", CLOCK_ID, tx);
  return row?.data.offsetDays ?? 0;
}

/** Sandbox "now": real time + SANDBOX_CLOCK_OFFSET_DAYS + the stored admin offset. */
export async function sandboxNow(tx?: DbOrTx): Promise<Date> {
  const days = config().SANDBOX_CLOCK_OFFSET_DAYS + (await clockOffsetDays(tx));
  return new Date(Date.now() + days * DAY_MS);
}

/** sandboxNow() as an SQL expression, for a query that reads the clock row itself. */
export function sandboxNowSql(): SQL {
  const offset = sql`(select (${sandboxObjects.data}->>'offsetDays')::float8 from ${sandboxObjects} where ${sandboxObjects.kind} = 'clock' and ${sandboxObjects.id} = ${CLOCK_ID})`;
  return sql`(${new Date().toISOString()}::timestamptz + (${config().SANDBOX_CLOCK_OFFSET_DAYS}::float8 + coalesce(${offset}, 0)) * interval '1 day')`;
}

/** Moves the sandbox clock forward by `days` (admin action); returns the new sandbox time. */
export async function advanceSandboxClock(days: number): Promise<{ offsetDays: number; now: Date }> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await sbxGet<{ offsetDays: number }>("clock", CLOCK_ID, tx, true);
    if (!row) await sbxInsert("clock", { id: CLOCK_ID, data: { offsetDays: days } }, tx);
    else await sbxUpdate("clock", CLOCK_ID, { offsetDays: row.data.offsetDays + days }, tx);
  });
  return { offsetDays: await clockOffsetDays(), now: await sandboxNow() };
}

export function iso(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}
export function date(s: unknown): Date | null {
  return typeof s === "string" ? new Date(s) : null;
}
