import "server-only";
import { HttpError } from "./errors";

/**
 * Checks every request before a handler sees it, so that no route has to
 * remember: the body is read once with a byte limit (413 past it), and no
 * text the caller sent (path, query, JSON or form fields) may contain a NUL
 * character, which PostgreSQL cannot store (400 naming the field).
 * Returns a copy of the request whose body is the bytes already read (built
 * from its parts: the runtime's own request objects cannot always be cloned).
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export type GuardOptions = {
  maxBodyBytes?: number;
  tooLargeMessage?: string;
  /** A JSON body may hold NUL characters: the handler refuses them itself, per item (the ingestion API). */
  nulCheckedByHandler?: boolean;
  /** Headers to set on the copy, replacing whatever the caller sent under those names. */
  setHeaders?: Record<string, string>;
};

export async function guardRequest(req: Request, opts: GuardOptions = {}): Promise<Request> {
  const limit = opts.maxBodyBytes ?? JSON_BODY_LIMIT;
  const url = new URL(req.url);
  rejectNul("path", safeDecode(url.pathname));
  for (const [name, value] of url.searchParams) {
    rejectNul(name, name);
    rejectNul(name, value);
  }
  const headers = new Headers(req.headers);
  for (const [name, value] of Object.entries(opts.setHeaders ?? {})) headers.set(name, value);
  if (req.method === "GET" || req.method === "HEAD" || !req.body) {
    return new Request(req.url, { method: req.method, headers, signal: req.signal });
  }

  const bytes = await readLimited(req, limit, opts.tooLargeMessage);
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json") || type.includes("+json")) {
    if (opts.nulCheckedByHandler) return new Request(req.url, { method: req.method, headers, body: bytes, signal: req.signal });
    const text = new TextDecoder().decode(bytes);
    if (text.includes("\u0000")) throw new HttpError(400, "Text must not contain NUL characters.");
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined; // the handler answers malformed JSON itself
    }
    walk(parsed, "");
  } else if (type.includes("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      rejectNul(name, name);
      rejectNul(name, value);
    }
  } else if (type.includes("multipart/form-data")) {
    const form = await new Request(req.url, { method: "POST", headers: { "content-type": type }, body: bytes }).formData().catch(() => null);
    for (const [name, value] of form ?? []) {
      rejectNul(name, name);
      if (typeof value === "string") rejectNul(name, value);
    }
  }
  return new Request(req.url, { method: req.method, headers, body: bytes, signal: req.signal });
}

/** Reads the whole body, refusing it with 413 as soon as it passes `limit` bytes. */
async function readLimited(req: Request, limit: number, message?: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, message);
  const reader = req.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit, message);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function tooLarge(limit: number, message?: string): HttpError {
  return new HttpError(413, message ?? `Request body too large: this request accepts at most ${formatBytes(limit)}.`);
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(n / 1024)} KB`;
}

/** Refuses NUL characters anywhere in a value (route parameters, parsed bodies). */
export function assertNoNul(value: unknown, field: string): void {
  walk(value, field);
}

function walk(value: unknown, path: string): void {
  const field = findNul(value, path);
  if (field !== null) rejectNul(field, "\u0000");
}

function rejectNul(field: string, value: string): void {
  if (value.includes("\u0000")) {
    throw new HttpError(400, `${field.replace(/\u0000/g, "\\0")}: text must not contain NUL characters.`);
  }
}

/**
 * The first string or key (by its path) for which `problem` answers, with
 * that answer, or null. Walks with its own stack, not recursion, so a body
 * nested 100,000 levels deep is answered, not a stack overflow.
 */
export function findTextProblem(value: unknown, problem: (text: string) => string | null, path = ""): { path: string; problem: string } | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [v, p] = stack.pop()!;
    if (typeof v === "string") {
      const found = problem(v);
      if (found) return { path: p, problem: found };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${p}[${i}]`]);
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const childPath = p ? `${p}.${k}` : k;
        const found = problem(k);
        if (found) return { path: childPath, problem: found };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** The path of the first string or key holding a NUL character (PostgreSQL cannot store it), or null. */
function findNul(value: unknown, path = ""): string | null {
  const found = findTextProblem(value, (text) => (text.includes("\u0000") ? "NUL" : null), path);
  return found ? found.path || "body" : null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, "The request path is not valid URL encoding.");
  }
}
