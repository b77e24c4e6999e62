import "server-only";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  deliveryPageSchema,
  deliveryViewSchema,
  endpointCreatedSchema,
  endpointCreateSchema,
  endpointListSchema,
  endpointPatchSchema,
  endpointViewSchema,
  secretRotatedSchema,
  testEventSchema,
} from "@/features/webhooks/endpoint.schema";
import { MAX_ENDPOINTS, PREVIOUS_SECRET_VALID_MS } from "@/features/webhooks/event-types";
import { errorResponses, idPath, permissionSentence } from "./common";
import { ENDPOINT_CREATE_EXAMPLE, ENDPOINT_PATCH_EXAMPLE, TEST_EVENT_EXAMPLE } from "./examples";
import { SESSION_ONLY } from "./security";

const endpointId = idPath("The endpoint's id.");
const json = <S>(schema: S, example?: unknown) => ({ content: { "application/json": example === undefined ? { schema } : { schema, example } } });

/** The webhook endpoint API (issue 25): the endpoints an account's events are sent to, and their delivery log. */
export function webhookEndpointPaths(): ZodOpenApiPathsObject {
  const hours = PREVIOUS_SECRET_VALID_MS / 3_600_000;
  return {
    "/api/webhook-endpoints": {
      get: {
        operationId: "listWebhookEndpoints",
        tags: ["Webhook endpoints"],
        summary: "List webhook endpoints",
        description: `The account's endpoints (never their secrets).${permissionSentence("webhook-endpoints", "GET")}`,
        security: SESSION_ONLY,
        responses: { "200": { description: "The endpoints.", ...json(endpointListSchema) }, ...errorResponses(401, 403) },
      },
      post: {
        operationId: "createWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Add a webhook endpoint",
        description: `An https URL and the event types it receives; at most ${MAX_ENDPOINTS} per account. Plain http and private or loopback hosts are refused. The answer carries the signing secret, shown this once.${permissionSentence("webhook-endpoints", "POST")}`,
        security: SESSION_ONLY,
        requestBody: { required: true, ...json(endpointCreateSchema, ENDPOINT_CREATE_EXAMPLE) },
        responses: { "201": { description: "The endpoint and its secret.", ...json(endpointCreatedSchema) }, ...errorResponses(400, 401, 403, 409) },
      },
    },
    "/api/webhook-endpoints/{id}": {
      patch: {
        operationId: "updateWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Change a webhook endpoint",
        description: `Any of url, description, eventTypes and enabled. Turning an endpoint on again clears why it was turned off.${permissionSentence("webhook-endpoints/[id]", "PATCH")}`,
        security: SESSION_ONLY,
        requestParams: { path: endpointId },
        requestBody: { required: true, ...json(endpointPatchSchema, ENDPOINT_PATCH_EXAMPLE) },
        responses: { "200": { description: "The endpoint.", ...json(endpointViewSchema) }, ...errorResponses(400, 401, 403, 404) },
      },
      delete: {
        operationId: "deleteWebhookEndpoint",
        tags: ["Webhook endpoints"],
        summary: "Delete a webhook endpoint",
        description: `Nothing more is sent to it.${permissionSentence("webhook-endpoints/[id]", "DELETE")}`,
        security: SESSION_ONLY,
        requestParams: { path: endpointId },
        responses: { "204": { description: "Deleted." }, ...errorResponses(401, 403, 404) },
      },
    },
    "/api/webhook-endpoints/{id}/rotate-secret": {
      post: {
        operationId: "rotateWebhookSecret",
        tags: ["Webhook endpoints"],
        summary: "Rotate an endpoint's signing secret",
        description: `A new secret, shown this once. For the next ${hours} hours every delivery carries two signatures, one with each secret, so the receiver can switch without losing an event.${permissionSentence("webhook-endpoints/[id]/rotate-secret", "POST")}`,
        security: SESSION_ONLY,
        requestParams: { path: endpointId },
        responses: { "200": { description: "The endpoint and its new secret.", ...json(secretRotatedSchema) }, ...errorResponses(401, 403, 404) },
      },
    },
    "/api/webhook-endpoints/{id}/deliveries": {
      get: {
        operationId: "listWebhookDeliveries",
        tags: ["Webhook endpoints"],
        summary: "An endpoint's delivery log",
        description: `Its deliveries, newest first, each with its attempts (status, time and the first 2 KB of the answer, kept 30 days). Page with \`limit\` and \`cursor\` (the \`nextCursor\` of the previous page).${permissionSentence("webhook-endpoints/[id]/deliveries", "GET")}`,
        security: SESSION_ONLY,
        requestParams: { path: endpointId },
        responses: { "200": { description: "A page of deliveries.", ...json(deliveryPageSchema) }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    "/api/webhook-endpoints/{id}/test": {
      post: {
        operationId: "sendTestWebhook",
        tags: ["Webhook endpoints"],
        summary: "Send a test event",
        description: `A sample event of the given type, sent to this endpoint only and signed like any other.${permissionSentence("webhook-endpoints/[id]/test", "POST")}`,
        security: SESSION_ONLY,
        requestParams: { path: endpointId },
        requestBody: { required: true, ...json(testEventSchema, TEST_EVENT_EXAMPLE) },
        responses: { "201": { description: "The test delivery.", ...json(deliveryViewSchema) }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    "/api/webhook-deliveries/{id}/resend": {
      post: {
        operationId: "resendWebhookDelivery",
        tags: ["Webhook endpoints"],
        summary: "Resend a delivery",
        description: `Sends the event again now, with the same \`webhook-id\`.${permissionSentence("webhook-deliveries/[id]/resend", "POST")}`,
        security: SESSION_ONLY,
        requestParams: { path: idPath("The delivery's id (from the delivery log).") },
        responses: { "201": { description: "The delivery.", ...json(deliveryViewSchema) }, ...errorResponses(401, 403, 404) },
      },
    },
  };
}
