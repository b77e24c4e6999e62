import { badRequest } from "./errors";

/** Admin lists: at most this many items per page (ADR 0096). */
export const MAX_PAGE_SIZE = 50;

export type PageRequest = { limit: number; cursor: unknown[] | null; q: string | null; params: URLSearchParams };

/**
 * Reads `limit` (1–50, default 50), `cursor` (opaque, from X-Next-Cursor) and
 * `q` (search text) from a list request; a bad value is a 400, never a 500.
 */
export function readPageRequest(req: Request): PageRequest {
  const params = new URL(req.url).searchParams;
  const rawLimit = params.get("limit");
  let limit = MAX_PAGE_SIZE;
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_PAGE_SIZE) {
      throw badRequest(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    limit = Number(rawLimit);
  }
  const rawCursor = params.get("cursor");
  const cursor = rawCursor === null || rawCursor === "" ? null : decodeCursor(rawCursor);
  const rawQ = params.get("q")?.trim() ?? "";
  if (rawQ.length > 200) throw badRequest("q must be at most 200 characters");
  return { limit, cursor, q: rawQ === "" ? null : rawQ, params };
}

/** Encodes the sort key of the last item of a page. */
export function encodeCursor(key: readonly (string | boolean)[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/** The sort key a cursor holds; a malformed one is a 400 that says where the cursor comes from (`from`). */
export function decodeCursor(raw: string, from = "the X-Next-Cursor of the previous page"): unknown[] {
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error("not base64url");
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(value)) throw new Error("not an array");
    return value;
  } catch {
    throw badRequest(`cursor is malformed; pass ${from}`);
  }
}

/** A cursor element that must be a string (else the cursor is malformed). */
export function cursorString(cursor: unknown[], i: number): string {
  const v = cursor[i];
  if (typeof v !== "string" || v.length === 0 || v.length > 200) throw badRequest("cursor is malformed; pass the X-Next-Cursor of the previous page");
  return v;
}

/** A cursor element holding a timestamp as PostgreSQL printed it. */
export function cursorTimestamp(cursor: unknown[], i: number): string {
  const v = cursorString(cursor, i);
  if (Number.isNaN(Date.parse(v.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")))) throw badRequest("cursor is malformed; pass the X-Next-Cursor of the previous page");
  return v;
}

export function cursorBoolean(cursor: unknown[], i: number): boolean {
  const v = cursor[i];
  if (typeof v !== "boolean") throw badRequest("cursor is malformed; pass the X-Next-Cursor of the previous page");
  return v;
}

/** One of the allowed values of a filter parameter, or null when absent. */
export function readChoice<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | null {
  const v = params.get(name);
  if (v === null || v === "") return null;
  if (!(allowed as readonly string[]).includes(v)) throw badRequest(`${name} must be one of: ${allowed.join(", ")}`);
  return v as T;
}

/** Comma-separated allowed values of a filter parameter (`status=active,trialing`), or null when absent. */
export function readChoices<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] | null {
  const v = params.get(name);
  if (v === null || v === "") return null;
  const values = v.split(",");
  for (const one of values) if (!(allowed as readonly string[]).includes(one)) throw badRequest(`${name} must be one or more (comma-separated) of: ${allowed.join(", ")}`);
  return values as T[];
}

/** `%text%` for LIKE, with the wildcards of the text escaped; lower-cased. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type Page<T> = { items: T[]; nextCursor: string | null };

/** Splits `limit + 1` fetched rows into a page and the cursor of its last item. */
export function toPage<R, T>(rows: R[], limit: number, key: (row: R) => (string | boolean)[], map: (row: R) => T): Page<T> {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), nextCursor: more && last !== undefined ? encodeCursor(key(last)) : null };
}

/**
 * The page as a JSON array (the shape callers had before paging), with
 * `Link: <next>; rel="next"` (RFC 8288) and `X-Next-Cursor` when more items exist.
 */
export function pageResponse<T>(req: Request, page: Page<T>): Response {
  const headers = new Headers();
  if (page.nextCursor) {
    const url = new URL(req.url);
    const next = new URLSearchParams(url.searchParams);
    next.set("cursor", page.nextCursor);
    headers.set("Link", `<${url.pathname}?${next.toString()}>; rel="next"`);
    headers.set("X-Next-Cursor", page.nextCursor);
    headers.set("Access-Control-Expose-Headers", "Link, X-Next-Cursor");
  }
  return Response.json(page.items, { headers });
}
