import { route } from "@/features/auth/route.server";
import { readIngestBody } from "@/features/interactions/ingest-body.server";
import { authenticateApiKey } from "@/features/interactions/api-keys.server";
import { ingestInteractions } from "@/features/interactions/ingest.server";
import { INGEST_BODY_LIMIT } from "@/features/interactions/record.schema";

/**
 * POST /api/v1/interactions (issue 13): the voice and chat platform reports
 * calls, texts and chats with `Authorization: Bearer <key>`; 1 to 1,000
 * records, each answered created / duplicate / rejected in request order.
 * The key is checked before the body is read (issue 21), and decides which
 * AI employees the records may name and the source their ids belong to.
 */
export const POST = route(
  {
    access: "public",
    allowCrossOrigin: true,
    maxBodyBytes: INGEST_BODY_LIMIT,
    tooLargeMessage: "Request body too large: at most 20 MB per request; send fewer records.",
    nulCheckedByHandler: true,
    beforeBody: (req) => authenticateApiKey(req.headers.get("authorization")),
  },
  async ({ req, pre: source, log }) => {
    const items = await readIngestBody(req);
    const results = await ingestInteractions(items, source);
    const counts = { created: 0, duplicate: 0, rejected: 0 };
    for (const r of results) counts[r.status]++;
    log.info({ keyId: source.apiKeyId, sourceKey: source.sourceKey, ...counts }, "interactions received");
    return Response.json({ results });
  },
);
