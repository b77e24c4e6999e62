import "server-only";
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/**
 * Fields that never reach a log line: credentials, tokens, secrets, cookies,
 * and the parameters of a failed SQL statement (Drizzle puts them on its
 * errors; they hold e-mail addresses, names and messages).
 */
export const REDACTED_PATHS = [
  "password",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "token",
  "*.token",
  "*.accessToken",
  "*.refreshToken",
  "*.idToken",
  "secret",
  "*.secret",
  "*.clientSecret",
  "*.authorization",
  "*.cookie",
  "*.headers.cookie",
  "*.headers.authorization",
  '*.headers["set-cookie"]',
  "params",
  "*.params",
];

/** SQL parameters also appear in the text of Drizzle's error ("params: …"). */
const SQL_PARAMS = /\nparams: [^\n]*/g;

/**
 * Values from the request that an error repeats: the SQL parameters Drizzle
 * attaches, and the quoted value PostgreSQL names in a data or constraint
 * error ('invalid input syntax for type integer: "jane@example.com"').
 */
function sensitiveValues(err: unknown): string[] {
  const values = new Set<string>();
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const o = e as { params?: unknown; code?: unknown; message?: unknown; detail?: unknown };
    if (Array.isArray(o.params)) for (const p of o.params) if (p !== null && p !== undefined && String(p).length >= 3) values.add(String(p));
    if (typeof o.code === "string" && /^2[23]/.test(o.code)) {
      for (const text of [o.message, o.detail]) {
        if (typeof text !== "string") continue;
        for (const m of text.matchAll(/"([^"]{3,})"|\(([^()]{3,})\)/g)) values.add(m[1] ?? m[2]!);
      }
    }
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** pino's error serializer, with SQL parameters and the values PostgreSQL repeats removed. */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  const values = sensitiveValues(err);
  const clean = (text: string) => values.reduce((t, v) => t.split(v).join("[redacted]"), text.replace(SQL_PARAMS, "\nparams: [redacted]"));
  const scrub = (o: Record<string, unknown> | undefined, depth = 0): void => {
    if (!o || typeof o !== "object" || depth > 4) return;
    delete o.params;
    delete o.parameters;
    // PostgreSQL repeats offending values in `detail` ("Key (email)=(…) already exists").
    if (typeof o.detail === "string") o.detail = "[redacted]";
    if (typeof o.message === "string") o.message = clean(o.message);
    if (typeof o.stack === "string") o.stack = clean(o.stack);
    scrub(o.cause as Record<string, unknown> | undefined, depth + 1);
  };
  scrub(out);
  return out;
}

/** A logger with the product's redaction rules, writing to `destination` (stdout by default). */
export function createLogger(destination?: pino.DestinationStream, levelName = level) {
  return pino(
    {
      level: levelName,
      base: { app: "ai-employees" },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      serializers: { err: serializeError },
    },
    destination,
  );
}

/** Structured JSON logs; pipe through `pino-pretty` locally for colour. */
export const logger = createLogger();
