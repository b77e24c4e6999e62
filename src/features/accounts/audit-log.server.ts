import "server-only";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { group } from "@/lib/sql-group";
import { cursorString, cursorTimestamp, decodeCursor, encodeCursor } from "@/lib/http/pagination";
import { formatDateTime } from "@/lib/format";
import { auditEvents } from "@/db/schema";
import { AUDIT_ACTIONS } from "./audit.server";

/** Entries on one page of the audit log on /account. */
export const AUDIT_PAGE_SIZE = 50;

/** Rows read per query while the CSV streams. */
const EXPORT_BATCH = 1000;

export type AuditEntry = {
  id: string;
  createdAt: Date;
  actorEmail: string | null;
  action: string;
  /** What was done, in words (AUDIT_ACTIONS); the action code itself when unknown. */
  label: string;
  detail: string;
};

/** Where a page of the log starts: entries older, or newer, than a cursor (from the page's "Older" / "Newer" links). */
export type AuditPosition = { direction: "older" | "newer"; at: string; id: string };

export type AuditPage = {
  entries: AuditEntry[];
  /** The `older=` value of the link to the next older page; null: this page holds the oldest entry. */
  olderCursor: string | null;
  /** The `newer=` value of the link to the next newer page; null: this page holds the newest entry. */
  newerCursor: string | null;
};

export function actionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] : action;
}

const columns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  // The timestamp as PostgreSQL prints it (microseconds kept): the keyset cursor.
  at: sql<string>`${auditEvents.createdAt}::text`,
  actorEmail: auditEvents.actorEmail,
  action: auditEvents.action,
  detail: auditEvents.detail,
};

type Row = { id: string; createdAt: Date; at: string; actorEmail: string | null; action: string; detail: string };

const toEntry = (r: Row): AuditEntry => ({ id: r.id, createdAt: r.createdAt, actorEmail: r.actorEmail, action: r.action, label: actionLabel(r.action), detail: r.detail });
const cursorOf = (r: Row) => encodeCursor([r.at, r.id]);

const olderThan = (at: string, id: string): SQL => group(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${at}::timestamptz, ${id})`);
const newerThan = (at: string, id: string): SQL => group(sql`(${auditEvents.createdAt}, ${auditEvents.id}) > (${at}::timestamptz, ${id})`);

/**
 * The page's position from its search parameters (`older=` or `newer=`, a
 * cursor this module made). Anything else, a malformed cursor included, is
 * the first page: a link someone edited never breaks the page.
 */
export function readAuditPosition(params: Record<string, string | string[] | undefined>): AuditPosition | null {
  for (const direction of ["older", "newer"] as const) {
    const raw = params[direction];
    if (typeof raw !== "string" || raw === "") continue;
    try {
      const cursor = decodeCursor(raw, "a link of the audit log");
      return { direction, at: cursorTimestamp(cursor, 0), id: cursorString(cursor, 1) };
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * One page of an account's audit log, newest first (keyset on created_at
 * desc, id desc; the index audit_events_account_created_idx), with the
 * cursors of the pages before and after it, in one statement: it reads one
 * entry more than the page in the direction it goes, which says whether
 * there is more that way; the other way there is (the entry the cursor was
 * made from), and from the first page there is nothing newer. Only
 * `accountId`'s entries.
 */
export async function auditLogPage(accountId: string, position: AuditPosition | null, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const db = await getDb();
  const mine = eq(auditEvents.accountId, accountId);
  if (position?.direction === "newer") {
    // The entries just newer than the cursor: read upwards, then show newest first.
    const read = await db
      .select(columns)
      .from(auditEvents)
      .where(and(mine, newerThan(position.at, position.id)))
      .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id))
      .limit(pageSize + 1);
    const rows = read.slice(0, pageSize).reverse();
    return pageOf(rows, { older: rows.length > 0, newer: read.length > pageSize });
  }
  const read = await db
    .select(columns)
    .from(auditEvents)
    .where(position ? and(mine, olderThan(position.at, position.id)) : mine)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(pageSize + 1);
  const rows = read.slice(0, pageSize);
  return pageOf(rows, { older: read.length > pageSize, newer: position !== null && rows.length > 0 });
}

function pageOf(rows: Row[], more: { older: boolean; newer: boolean }): AuditPage {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return { entries: rows.map(toEntry), olderCursor: last && more.older ? cursorOf(last) : null, newerCursor: first && more.newer ? cursorOf(first) : null };
}

/** One CSV line from its cells (the project's CSV writer, passed in by the route: src/features/interactions/csv.ts). */
export type CsvLine = (cells: readonly (string | null)[]) => string;

/** The CSV's columns. */
export function auditCsvHeader(timeZone: string): string[] {
  return ["Time (UTC)", `Time (${timeZone})`, "Who", "What", "Detail", "Action"];
}

/**
 * GET /api/account/audit-log.csv: every entry of the account's log, newest
 * first, as a CSV stream read in batches of 1,000 only as the reader asks
 * for more (memory stays flat for any size of log).
 */
export function auditLogCsv(accountId: string, timeZone: string, line: CsvLine): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let position: AuditPosition | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(line(auditCsvHeader(timeZone))));
          return;
        }
        const db = await getDb();
        const mine = eq(auditEvents.accountId, accountId);
        const rows: Row[] = await db
          .select(columns)
          .from(auditEvents)
          .where(position ? and(mine, olderThan(position.at, position.id)) : mine)
          .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
          .limit(EXPORT_BATCH);
        if (rows.length) {
          const text = rows
            .map((r) => line([r.createdAt.toISOString(), formatDateTime(r.createdAt, { timeZone, seconds: true }), r.actorEmail ?? "", actionLabel(r.action), r.detail, r.action]))
            .join("");
          controller.enqueue(encoder.encode(text));
          const last = rows[rows.length - 1]!;
          position = { direction: "older", at: last.at, id: last.id };
        }
        if (rows.length < EXPORT_BATCH) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
