import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "@/features/api-docs/openapi-document";

/**
 * Checks values against the schemas of the OpenAPI document as a client
 * reads them (JSON Schema 2020-12, OpenAPI 3.1's dialect): each schema is
 * compiled with the document's components beside it, so that its
 * "#/components/schemas/…" references resolve.
 */
export type SchemaCheck = (schema: unknown, value: unknown) => string[];

export function openApiChecker(doc: OpenApiDocument): SchemaCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<unknown, ReturnType<typeof ajv.compile>>();
  return (schema, value) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...(schema as object), components: doc.components });
      compiled.set(schema, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""}`);
  };
}

type Json = { [key: string]: unknown };
const asObject = (v: unknown): Json => (typeof v === "object" && v !== null ? (v as Json) : {});

/** The schema of an operation's JSON answer with `status` (paths or webhooks). */
export function responseSchema(doc: OpenApiDocument, path: string, method: string, status: string): unknown {
  const op = asObject(asObject(asObject(doc.paths)[path])[method]);
  return asObject(asObject(asObject(asObject(op.responses)[status]).content)["application/json"]).schema;
}
