import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { openApiDocument } from "@/features/api-docs/openapi-document";

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the customer's API,
 * generated from the routes' zod schemas (ADR 0132). Public and the same for
 * everyone: shared caches may keep it an hour (a signed-in caller's answer is
 * private, like every answer to a session), and any site may read it.
 */
export const GET = route({ access: "public" }, () =>
  Response.json(openApiDocument(config().baseUrl), {
    headers: { "Cache-Control": "public, max-age=300, s-maxage=3600", "Access-Control-Allow-Origin": "*" },
  }),
);
