import type { OpenApiDocument } from "./openapi-document";
import type { JsonSchema } from "./schema-rows";

/** The document's operations as /docs/api lists them: in the document's order, grouped by their first tag. */

export const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = (typeof METHODS)[number];

type PathsObject = NonNullable<OpenApiDocument["paths"]>;
type PathItem = NonNullable<PathsObject[string]>;
type OperationObject = NonNullable<PathItem["get"]>;
type ParameterOrRef = NonNullable<OperationObject["parameters"]>[number];
export type ParameterObject = Exclude<ParameterOrRef, { $ref: string }>;
type RequestBodyOrRef = NonNullable<OperationObject["requestBody"]>;
type ContentObject = Exclude<RequestBodyOrRef, { $ref: string }>["content"];
type MediaTypeObject = Exclude<ContentObject[string], { $ref: string }>;
type ResponseOrRef = NonNullable<OperationObject["responses"]>[string];
type ResponseObject = Exclude<ResponseOrRef, { $ref: string }>;

export type Operation = {
  method: HttpMethod;
  path: string;
  /** The anchor of its section on the page. */
  anchor: string;
  tag: string;
  summary: string;
  description: string;
  /** The security schemes, any one of which is enough; empty: public. */
  security: string[];
  parameters: ParameterObject[];
  requestBody: { mediaType: string; schema: JsonSchema; example: unknown } | null;
  responses: { status: string; description: string; mediaType: string | null; schema: JsonSchema | null }[];
};

const isRef = (v: unknown): v is { $ref: string } => typeof v === "object" && v !== null && "$ref" in v;

function firstContent(content: ContentObject | undefined): { mediaType: string; media: MediaTypeObject } | null {
  const entry = Object.entries(content ?? {})[0];
  if (!entry) return null;
  return { mediaType: entry[0], media: isRef(entry[1]) ? {} : entry[1] };
}

/** Slug of an operation: "get-api-interactions-id". */
export function operationAnchor(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function operationsOf(paths: PathsObject | undefined, defaultSecurity: string[] = []): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(paths ?? {})) {
    if (!item || isRef(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const body = op.requestBody && !isRef(op.requestBody) ? firstContent(op.requestBody.content) : null;
      out.push({
        method,
        path,
        anchor: operationAnchor(method, path),
        tag: op.tags?.[0] ?? "Other",
        summary: op.summary ?? "",
        description: op.description ?? "",
        security: op.security ? op.security.flatMap((req) => Object.keys(req)) : defaultSecurity,
        parameters: (op.parameters ?? []).filter((p): p is ParameterObject => !isRef(p)),
        requestBody: body ? { mediaType: body.mediaType, schema: (body.media.schema ?? {}) as JsonSchema, example: body.media.example } : null,
        responses: Object.entries(op.responses ?? {}).map(([status, res]) => {
          const r = isRef(res) ? null : (res as ResponseObject);
          const content = firstContent(r?.content);
          return { status, description: r?.description ?? "", mediaType: content?.mediaType ?? null, schema: (content?.media.schema as JsonSchema | undefined) ?? null };
        }),
      });
    }
  }
  return out;
}
