import "server-only";
import { badRequest, HttpError } from "@/lib/http/errors";
import { MAX_BATCH } from "./record.schema";

/** `{"interactions": [...]}` with 1 to 1,000 records: 400 for a malformed body, 413 past 1,000 records. */
export async function readIngestBody(req: Request): Promise<unknown[]> {
  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    throw badRequest('Request body must be valid JSON: {"interactions": [...]}');
  }
  const items = body && typeof body === "object" ? (body as { interactions?: unknown }).interactions : undefined;
  if (!Array.isArray(items)) throw badRequest("interactions: must be a list of 1 to 1000 records");
  if (items.length === 0) throw badRequest("interactions: send at least one record");
  if (items.length > MAX_BATCH) throw new HttpError(413, `interactions: at most ${MAX_BATCH} records per request (got ${items.length})`);
  return items;
}
