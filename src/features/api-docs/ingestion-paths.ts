import "server-only";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ingestAnswerSchema, ingestBodySchema, MAX_BATCH } from "@/features/interactions/record.schema";
import { errorResponses } from "./common";
import { INGEST_EXAMPLE } from "./examples";
import { API_KEY_ONLY } from "./security";

/** The ingestion API (issue 13): the voice and chat platform reports calls, texts and chats. */
export function ingestionPaths(): ZodOpenApiPathsObject {
  return {
    "/api/v1/interactions": {
      post: {
        operationId: "ingestInteractions",
        tags: ["Ingestion"],
        summary: "Report calls, texts and chats",
        description: `Sends 1 to ${MAX_BATCH.toLocaleString("en-US")} records (at most 20 MB). Each record is checked on its own and answered \`created\`, \`duplicate\` (the same id was sent before: nothing changes) or \`rejected\` with a message naming the field, in request order; a bad record never blocks the others. The key decides which AI employees the records may name. Cross-origin calls are allowed.`,
        security: API_KEY_ONLY,
        requestBody: {
          required: true,
          content: { "application/json": { schema: ingestBodySchema, example: INGEST_EXAMPLE } },
        },
        responses: {
          "200": { description: "One result per record, in request order.", content: { "application/json": { schema: ingestAnswerSchema } } },
          ...errorResponses(400, 401, 413, 429),
        },
      },
    },
  };
}
