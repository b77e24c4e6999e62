import "server-only";

/**
 * A value from the request that PostgreSQL refused (SQLSTATE class 22, data
 * exception: out-of-range numbers and dates, invalid text, bad encodings).
 * The guards and schemas should catch these first; this is the safety net
 * that turns one we missed into a 400 instead of a 500. The statement failed,
 * so nothing it would have written was stored.
 */
export function databaseInputProblem(err: unknown): string | null {
  const code = sqlState(err);
  if (!code || !code.startsWith("22")) return null;
  if (code === "22003") return "A number in the request is too large to store.";
  if (code === "22008" || code === "22007") return "A date in the request is outside the range that can be stored.";
  return "The request contains a value that cannot be stored.";
}

/**
 * The database was too slow for this request: a statement ran past
 * DATABASE_STATEMENT_TIMEOUT_MS and the server cancelled it (SQLSTATE 57014),
 * or no pooled connection came free in that time. The route answers 503 and
 * logs it; nothing the request would have written was committed.
 */
export function databaseTooSlow(err: unknown): string | null {
  if (sqlState(err) === "57014") return "statement timeout";
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message.includes("timeout exceeded when trying to connect")) return "no free database connection";
  }
  return null;
}

function sqlState(err: unknown): string | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
