import "server-only";
import { randomUUID } from "node:crypto";
import { ZodError, type ZodType } from "@/lib/zod";
import { logger } from "@/lib/logger";
import { errorResponse, HttpError, zodMessage, badRequest } from "./errors";
import { isCrossOrigin } from "./origin";
import { assertNoNul, guardRequest } from "./guard";
import { databaseInputProblem, databaseTooSlow } from "./database-errors";

export type Access = "public" | "user" | "admin";

/** What route() needs to know about the caller: enough to tell an admin apart. */
export type RouteUser = { role: string };

/** Looks up the signed-in user for the request's headers (cookie), or null. */
export type CurrentUserLookup<U extends RouteUser> = (headers: Headers) => Promise<U | null>;

type Ctx<A extends Access, P, U extends RouteUser, B = undefined, Acc = never> = {
  req: Request;
  /** The caller's business account (routes with a `permission`). */
  account: Acc;
  /** What `beforeBody` returned (the caller's credentials, checked before the body was read). */
  pre: B;
  user: A extends "public" ? U | null : U;
  params: P;
  requestId: string;
  log: typeof logger;
};

type NextCtx<P> = { params: Promise<P> };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** API responses are data, never documents: nothing may run or be framed in them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * How route() finds the caller's business account and judges a permission;
 * passed in by the accounts feature. `refusal` is null when the member may,
 * else the 403's message naming what is missing.
 */
export type AccountLookup<U extends RouteUser, Acc, Perm extends string> = {
  accountOf: (user: U) => Promise<Acc | null>;
  refusal: (account: Acc, permission: Perm) => string | null;
  /** The 403's message for a signed-in user with no account to act in (removed, or never a member). */
  noAccountMessage: string;
};

/**
 * Builds `route()` around the current-user lookup. lib knows no feature: the
 * lookups are passed in once, by src/features/accounts/route.server.ts, and
 * the API route files import `route` from there.
 */
export function createRoute<U extends RouteUser, Acc = never, Perm extends string = never>(getCurrentUser: CurrentUserLookup<U>, accounts?: AccountLookup<U, Acc, Perm>) {
  /**
   * Wraps a route handler: reads the body within its size limit and refuses
   * NUL characters anywhere (guard.ts), checks who is calling (401 anonymous,
   * 403 when admin rights are needed), refuses cross-origin state changes,
   * turns zod errors and values the database cannot store into 400s and
   * unexpected errors into a logged 500 with a generic message. Responses to
   * signed-in callers are never cached.
   */
  return function route<A extends Access = "user", P = Record<string, never>, B = undefined>(
    opts: ({ access: A; permission?: never } | { permission: Perm; access?: never }) & {
      allowCrossOrigin?: boolean;
      maxBodyBytes?: number;
      tooLargeMessage?: string;
      nulCheckedByHandler?: boolean;
      /**
       * Runs on the incoming request's headers before a byte of the body is
       * read (issue 21): a machine caller's key or signature header is
       * checked first, so an anonymous 20 MB post is refused without being
       * buffered. Throw an HttpError to refuse; the result is `ctx.pre`.
       */
      beforeBody?: (req: Request) => Promise<B>;
    },
    handler: (ctx: Ctx<A, P, U, B, Acc>) => Promise<Response> | Response,
  ) {
    const access: Access = opts.access ?? "user";
    return async (incoming: Request, nextCtx?: NextCtx<P>): Promise<Response> => {
      const requestId = randomUUID();
      const log = logger.child({ requestId, method: incoming.method, path: new URL(incoming.url).pathname });
      let user: U | null = null;
      const finish = (res: Response) => withHeaders(res, requestId, Boolean(user) || access !== "public");
      try {
        if (STATE_CHANGING.has(incoming.method) && !opts.allowCrossOrigin && isCrossOrigin(incoming)) {
          return finish(errorResponse(403, "Cross-origin request refused"));
        }
        const pre = (opts.beforeBody ? await opts.beforeBody(incoming) : undefined) as B;
        const req = await guardRequest(incoming, { maxBodyBytes: opts.maxBodyBytes, tooLargeMessage: opts.tooLargeMessage, nulCheckedByHandler: opts.nulCheckedByHandler });
        if (access !== "public" || req.headers.get("cookie")) {
          user = await getCurrentUser(req.headers);
        }
        if (access !== "public" && !user) return finish(errorResponse(401, "Unauthorized"));
        if (access === "admin" && user?.role !== "admin") {
          return finish(errorResponse(403, "Forbidden: admin privileges are required"));
        }
        let account: Acc | null = null;
        if (opts.permission) {
          if (!accounts) throw new Error("route({ permission }) needs the account lookup");
          account = await accounts.accountOf(user!);
          if (!account) return finish(errorResponse(403, accounts.noAccountMessage));
          const refused = accounts.refusal(account, opts.permission);
          if (refused) return finish(errorResponse(403, refused));
        }
        const params = (nextCtx ? await nextCtx.params : {}) as P;
        assertNoNul(params, "");
        const res = await handler({ req, pre, user: user as Ctx<A, P, U, B, Acc>["user"], account: account as Acc, params, requestId, log });
        return finish(res);
      } catch (err) {
        if (err instanceof HttpError) return finish(errorResponse(err.status, err.message, err.headers, err.details));
        if (err instanceof ZodError) return finish(errorResponse(400, zodMessage(err)));
        const dbProblem = databaseInputProblem(err);
        if (dbProblem) {
          log.warn({ err }, "database refused a value from the request");
          return finish(errorResponse(400, dbProblem));
        }
        const slow = databaseTooSlow(err);
        if (slow) {
          log.warn({ err, reason: slow }, "database too slow: request cut off with 503");
          return finish(errorResponse(503, "The service is busy. Please try again in a moment.", { "Retry-After": "5" }));
        }
        log.error({ err }, "unhandled error in route");
        return finish(errorResponse(500, "Something went wrong. Please try again."));
      }
    };
  };
}

/**
 * Adds the request id, a restrictive CSP unless the handler chose one, and
 * `Cache-Control: private, no-store` for signed-in callers. Response.redirect()
 * and fetched responses have immutable headers, so those are copied first.
 */
function withHeaders(res: Response, requestId: string, authenticated: boolean): Response {
  let out = res;
  try {
    out.headers.set("x-request-id", requestId);
  } catch {
    out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    out.headers.set("x-request-id", requestId);
  }
  if (!out.headers.has("content-security-policy")) out.headers.set("Content-Security-Policy", API_CSP);
  if (authenticated) out.headers.set("Cache-Control", "private, no-store");
  return out;
}

/**
 * Reads and validates a JSON body; a bad body is a 400 naming what is wrong
 * (in the words of `problem` when a feature's spec fixes them).
 */
export async function readJson<T>(req: Request, schema: ZodType<T>, problem: (error: ZodError) => string = zodMessage): Promise<T> {
  let body: unknown;
  try {
    const text = await req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(problem(parsed.error));
  return parsed.data;
}

/** Validates URL search parameters against a schema. */
export function readQuery<T>(req: Request, schema: ZodType<T>): T {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}
