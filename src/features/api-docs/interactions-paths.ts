import "server-only";
import { z } from "@/lib/zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { interactionFilterQuerySchema, interactionListQuerySchema } from "@/features/interactions/interaction-query.schema";
import { handledAnswerSchema, interactionDetailSchema, interactionPageSchema } from "@/features/interactions/interaction-view.schema";
import { CSV_COLUMNS } from "@/features/interactions/interactions-read.server";
import { MONTHLY_USAGE_COLUMNS } from "@/features/interactions/monthly-usage.server";
import { apiErrorSchema, errorResponses, idPath, permissionSentence } from "./common";
import { SESSION_ONLY, SESSION_OR_API_KEY } from "./security";

const csv = (columns: readonly string[], what: string) => ({
  description: `${what} Columns: ${columns.join(", ")}.`,
  headers: z.object({ "Content-Disposition": z.string().meta({ description: 'attachment; filename="…csv"' }) }),
  content: { "text/csv": { schema: z.string().meta({ description: "RFC 4180 CSV, UTF-8, with a header row." }) } },
});

const callId = idPath("The call's id (the `id` of the list, the `data.id` of a call event).");

/** The customer's reads of their calls, texts and chats (issue 13), and the two changes members make to one. */
export function interactionsPaths(): ZodOpenApiPathsObject {
  return {
    "/api/interactions": {
      get: {
        operationId: "listInteractions",
        tags: ["Calls"],
        summary: "List calls, texts and chats",
        description: `The account's records, newest first, a page at a time: pass \`nextCursor\` as \`cursor\` for the next page. Every filter is optional.${permissionSentence("interactions", "GET")}`,
        security: SESSION_OR_API_KEY,
        requestParams: { query: interactionListQuerySchema },
        responses: { "200": { description: "A page of records.", content: { "application/json": { schema: interactionPageSchema } } }, ...errorResponses(400, 401, 403) },
      },
    },
    "/api/interactions/{id}": {
      get: {
        operationId: "getInteraction",
        tags: ["Calls"],
        summary: "Get one call with its transcript",
        description: `One record in full: the transcript and a signed link to the recording (valid 15 minutes).${permissionSentence("interactions/[id]", "GET")}`,
        security: SESSION_OR_API_KEY,
        requestParams: { path: callId },
        responses: { "200": { description: "The record.", content: { "application/json": { schema: interactionDetailSchema } } }, ...errorResponses(401, 403, 404) },
      },
    },
    "/api/interactions/export.csv": {
      get: {
        operationId: "exportInteractionsCsv",
        tags: ["Calls"],
        summary: "Export calls as CSV",
        description: `Every record under the call log's filters (no page size), streamed. Phone numbers are written as the account's country writes them.${permissionSentence("interactions/export.csv", "GET")}`,
        security: SESSION_OR_API_KEY,
        requestParams: { query: interactionFilterQuerySchema },
        responses: { "200": csv(CSV_COLUMNS, "The records, newest first."), ...errorResponses(400, 401, 403) },
      },
    },
    "/api/interactions/monthly-usage.csv": {
      get: {
        operationId: "monthlyUsageCsv",
        tags: ["Calls"],
        summary: "Units per usage month as CSV",
        description: `The account's units per subscription and usage month, newest first.${permissionSentence("interactions/monthly-usage.csv", "GET")}`,
        security: SESSION_OR_API_KEY,
        responses: { "200": csv(MONTHLY_USAGE_COLUMNS, "One row per subscription and usage month."), ...errorResponses(401, 403) },
      },
    },
    "/api/interactions/{id}/report-spam": {
      post: {
        operationId: "reportSpam",
        tags: ["Calls"],
        summary: "Report a call as spam",
        description: `A phone call of 30 seconds or more: credited at once within the month's self-service credit, else waiting for our review. Reporting again changes nothing.${permissionSentence("interactions/[id]/report-spam", "POST")}`,
        security: SESSION_ONLY,
        requestParams: { path: callId },
        responses: { "200": { description: "The updated record.", content: { "application/json": { schema: interactionDetailSchema } } }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    "/api/interactions/{id}/handled": {
      put: {
        operationId: "markHandled",
        tags: ["Calls"],
        summary: "Mark a call handled",
        description: `Takes the call out of the needs-attention inbox for every member of the account.${permissionSentence("interactions/[id]/handled", "PUT")}`,
        security: SESSION_ONLY,
        requestParams: { path: callId },
        responses: { "200": { description: "Who marked it, and when.", content: { "application/json": { schema: handledAnswerSchema } } }, ...errorResponses(401, 403, 404) },
      },
      delete: {
        operationId: "unmarkHandled",
        tags: ["Calls"],
        summary: "Undo “handled”",
        description: `The call needs attention again.${permissionSentence("interactions/[id]/handled", "DELETE")}`,
        security: SESSION_ONLY,
        requestParams: { path: callId },
        responses: { "200": { description: "`handled` is null.", content: { "application/json": { schema: handledAnswerSchema } } }, ...errorResponses(401, 403, 404) },
      },
    },
    "/api/interactions/{id}/recording": {
      get: {
        operationId: "getRecording",
        tags: ["Calls"],
        summary: "Play a call's recording",
        description:
          "Open the `recordingUrl` of `GET /api/interactions/{id}` as it is given: its signature (valid 15 minutes) is the authorization, so no session or key is needed. Supports Range requests. Never cached.",
        security: [],
        requestParams: { path: callId },
        responses: {
          "200": { description: "The audio.", content: { "audio/*": {} } },
          "206": { description: "The requested range of the audio.", content: { "audio/*": {} } },
          "403": { description: "The link is invalid or has expired: fetch the call again for a new one.", content: { "application/json": { schema: apiErrorSchema } } },
          "404": { description: "The call has no recording (or it was removed after the retention period)." },
        },
      },
    },
  };
}
