import { busyResponse } from "@/lib/http/busy-page";

export const dynamic = "force-dynamic";

/**
 * GET /busy?return=<path>: where a page whose database was too slow sends the
 * browser (src/lib/http/busy-page.ts): 503, Retry-After, "busy, try again".
 * Public and reads nothing (no session, no database): it must answer while
 * the database is the problem.
 */
export function GET(req: Request): Response {
  return busyResponse(new URL(req.url).searchParams.get("return"));
}
