import "server-only";
import { z } from "@/lib/zod";
import type { ZodOpenApiResponsesObject } from "zod-openapi";
import { ROUTE_ACCESS } from "@/lib/http/route-access";

/**
 * Pieces every family of the OpenAPI document uses: the error body, the
 * standard error answers, the `{id}` path parameter and the sentence naming
 * a route's permission (read from ROUTE_ACCESS, the table the routes are
 * checked against).
 */

/** Every error answer of the API: `{ "message": "…" }`, naming the field at fault (src/lib/http/errors.ts). */
export const apiErrorSchema = z.object({ message: z.string().meta({ description: "What went wrong, naming the field or parameter at fault." }) }).meta({ id: "Error" });

const ERROR_TEXT: Record<number, string> = {
  400: "Bad input: the message names the field or parameter at fault. Nothing was stored.",
  401: "Not signed in, or no valid API key.",
  403: "Signed in, but the role does not hold the permission this needs (the message names it), or the call came from another site.",
  404: "Not found in the caller's account.",
  409: "Conflicts with what is stored (the message says what).",
  413: "The body is too large.",
  429: "Too many requests: wait for the Retry-After header's seconds.",
};

/** The error answers an operation can give, each with the error body. */
export function errorResponses(...statuses: (keyof typeof ERROR_TEXT)[]): ZodOpenApiResponsesObject {
  return Object.fromEntries(statuses.map((status) => [String(status), { description: ERROR_TEXT[status]!, content: { "application/json": { schema: apiErrorSchema } } }]));
}

/** `{id}` in a path. */
export const idPath = (description: string) => z.object({ id: z.string().meta({ description }) });

/** The OpenAPI path of a route file's key in ROUTE_ACCESS: "interactions/[id]" → "/api/interactions/{id}". */
export function apiPath(routeKey: string): string {
  return `/api/${routeKey.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, "{$1}")}`;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** "Needs the calls.read permission." for a route guarded by one; "" for public, admin or not (yet) listed routes. */
export function permissionSentence(routeKey: string, method: Method): string {
  const need = ROUTE_ACCESS[routeKey]?.[method];
  if (!need || need === "public" || need === "admin") return "";
  if (need === "user") return " Any signed-in member.";
  return ` Needs the \`${need}\` permission.`;
}
