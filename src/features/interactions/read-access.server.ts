import "server-only";
import { HttpError } from "@/lib/http/errors";
import { authenticateApiKey } from "./api-keys.server";

/**
 * The customer's read API (GET /api/interactions, GET /api/interactions/<id>)
 * has two ways in (issue 25, ADR 0128): a member's session, as the portal
 * calls it (permission calls.read), and a customer API key, as a customer's
 * developer calls it after a webhook (payloads carry links, never the
 * transcript). A customer key is issued by the operator for one account at
 * /admin/api-keys (ADR 0106) and reads only that account's records.
 */

/** The 401 for a valid key that reads no account's records (a platform key). */
export const NOT_A_CUSTOMER_KEY = "This API key cannot read calls: only a customer key (issued for one account) reads that account's calls";

/**
 * `beforeBody` of the key's route: the account of the customer key in
 * `Authorization: Bearer <key>`. 401 for a missing, unknown or revoked key
 * and for a platform key; 429 past the key's rate limit (the one limit per
 * key, shared with ingestion).
 */
export async function customerKeyAccount(req: Request): Promise<string> {
  const source = await authenticateApiKey(req.headers.get("authorization"));
  if (!source.customerAccountId) throw new HttpError(401, NOT_A_CUSTOMER_KEY);
  return source.customerAccountId;
}

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Promise<Response>;

/**
 * One route, two ways in: a request with an Authorization header goes to
 * `byKey` (route({ access: "public", beforeBody: customerKeyAccount })), any
 * other to `bySession` (route({ permission: "calls.read" })), unchanged. The
 * key's answers are never cached either.
 */
export function keyOrSession<A extends unknown[]>(byKey: Handler<A>, bySession: Handler<A>): Handler<A> {
  return async (req, ...rest) => {
    if (!req.headers.has("authorization")) return bySession(req, ...rest);
    const res = await byKey(req, ...rest);
    res.headers.set("Cache-Control", "private, no-store");
    return res;
  };
}
