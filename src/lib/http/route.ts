import { randomUUID } from "node:crypto";
import { ZodError, type ZodType } from "zod";
import { getCurrentUser, type CurrentUser } from "@/features/auth/current-user.server";
import { logger } from "@/lib/logger";
import { errorResponse, HttpError, zodMessage, badRequest } from "./errors";
import { isCrossOrigin } from "./origin";

export type Access = "public" | "user" | "admin";

type Ctx<A extends Access, P> = {
  req: Request;
  user: A extends "public" ? CurrentUser | null : CurrentUser;
  params: P;
  requestId: string;
  log: typeof logger;
};

type NextCtx<P> = { params: Promise<P> };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wraps a route handler: checks who is calling (401 anonymous, 403 when admin
 * rights are needed), refuses cross-origin state changes, turns zod errors
 * into 400s and unexpected errors into a logged 500 with a generic message.
 */
export function route<A extends Access, P = Record<string, never>>(
  opts: { access: A; allowCrossOrigin?: boolean },
  handler: (ctx: Ctx<A, P>) => Promise<Response> | Response,
) {
  return async (req: Request, nextCtx?: NextCtx<P>): Promise<Response> => {
    const requestId = req.headers.get("x-request-id") ?? randomUUID();
    const log = logger.child({ requestId, method: req.method, path: new URL(req.url).pathname });
    try {
      if (STATE_CHANGING.has(req.method) && !opts.allowCrossOrigin && isCrossOrigin(req)) {
        return errorResponse(403, "Cross-origin request refused");
      }
      let user: CurrentUser | null = null;
      if (opts.access !== "public" || req.headers.get("cookie")) {
        user = await getCurrentUser(req.headers);
      }
      if (opts.access !== "public" && !user) return errorResponse(401, "Unauthorized");
      if (opts.access === "admin" && user?.role !== "admin") {
        return errorResponse(403, "Forbidden: admin privileges are required");
      }
      const params = (nextCtx ? await nextCtx.params : {}) as P;
      const res = await handler({ req, user: user as Ctx<A, P>["user"], params, requestId, log });
      return withRequestId(res, requestId);
    } catch (err) {
      if (err instanceof HttpError) return errorResponse(err.status, err.message);
      if (err instanceof ZodError) return errorResponse(400, zodMessage(err));
      log.error({ err }, "unhandled error in route");
      return errorResponse(500, "Something went wrong. Please try again.");
    }
  };
}

/** Adds the request id; Response.redirect() and fetched responses have immutable headers, so copy those. */
function withRequestId(res: Response, requestId: string): Response {
  try {
    res.headers.set("x-request-id", requestId);
    return res;
  } catch {
    const copy = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
    copy.headers.set("x-request-id", requestId);
    return copy;
  }
}

/** Reads and validates a JSON body; a bad body is a 400 naming what is wrong. */
export async function readJson<T>(req: Request, schema: ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    const text = await req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}

/** Validates URL search parameters against a schema. */
export function readQuery<T>(req: Request, schema: ZodType<T>): T {
  const params = Object.fromEntries(new URL(req.url).searchParams);
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}
