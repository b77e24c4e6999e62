import "server-only";
import { createDocument, type ZodOpenApiObject } from "zod-openapi";
import { BRAND } from "@/lib/brand";
import { rows } from "@/lib/rows";
import { apiErrorSchema } from "./common";
import { ingestionPaths } from "./ingestion-paths";
import { interactionsPaths } from "./interactions-paths";
import { webhookEndpointPaths } from "./webhook-endpoint-paths";
import { webhookEvents } from "./webhook-events";
import { SECURITY_SCHEMES } from "./security";

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** The document's version: raise it when an operation or a schema changes in a way clients see. */
export const API_VERSION = "1.0.0";

export const TAGS = rows(
  ["name", "description"],
  ["Ingestion", "The voice and chat platform reports the AI employees' calls, texts and chats."],
  ["Calls", "A business reads its calls, texts and chats, and exports them as CSV."],
  ["Webhook endpoints", "Where a business's events are sent, and the log of what was sent (owners and managers)."],
  ["Events", "What is sent to a webhook endpoint (see /docs/webhooks)."],
);

function build(baseUrl: string): OpenApiDocument {
  const spec: ZodOpenApiObject = {
    openapi: "3.1.0",
    info: {
      title: `${BRAND.name} API`,
      version: API_VERSION,
      description: [
        `The ${BRAND.name} API: report calls to us (ingestion), read a business's calls and CSV exports, manage its webhook endpoints, and the events those endpoints receive.`,
        'Bodies are JSON. An error answers `{ "message": "…" }` naming the field at fault, with a 4xx status; bad input never changes anything stored. Answers may gain fields over time: ignore the ones you do not know.',
        "Generated from the schemas the server validates with. A guide to the events: /docs/webhooks.",
      ].join("\n\n"),
      contact: { name: BRAND.name, email: BRAND.email },
    },
    servers: [{ url: baseUrl }],
    tags: TAGS.map((t) => ({ ...t })),
    externalDocs: { description: "Webhooks guide", url: `${baseUrl}/docs/webhooks` },
    paths: { ...ingestionPaths(), ...interactionsPaths(), ...webhookEndpointPaths() },
    webhooks: webhookEvents(baseUrl),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: apiErrorSchema },
    },
  };
  return createDocument(spec, {
    // Answers may gain fields: a response object does not forbid others (a request body keeps what its schema says).
    override: ({ jsonSchema, io }) => {
      if (io === "output" && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  });
}

const documents = new Map<string, OpenApiDocument>();

/** The OpenAPI 3.1 document for a server at `baseUrl` (its `servers` and the examples' links), built once per base URL. */
export function openApiDocument(baseUrl: string): OpenApiDocument {
  let doc = documents.get(baseUrl);
  if (!doc) {
    doc = build(baseUrl);
    documents.set(baseUrl, doc);
  }
  return doc;
}
