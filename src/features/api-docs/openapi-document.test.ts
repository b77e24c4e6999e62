import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { ROUTE_ACCESS } from "@/lib/http/route-access";
import { interactionRecordSchema, ingestBodySchema } from "@/features/interactions/record.schema";
import { interactionListQuerySchema, interactionFilterQuerySchema } from "@/features/interactions/interaction-query.schema";
import { endpointCreateSchema, endpointPatchSchema, testEventSchema } from "@/features/webhooks/endpoint.schema";
import { eventEnvelopeSchema } from "@/features/webhooks/events.schema";
import { WEBHOOK_EVENT_TYPES } from "@/features/webhooks/event-types";
import { openApiChecker } from "../../../test/openapi-validator";
import { apiPath } from "./common";
import { ENDPOINT_CREATE_EXAMPLE, ENDPOINT_PATCH_EXAMPLE, INGEST_EXAMPLE, TEST_EVENT_EXAMPLE } from "./examples";
import { openApiDocument } from "./openapi-document";
import { METHODS } from "./operations";
import { sampleEnvelope } from "./webhook-events";

const BASE = "https://app.example.com";
const doc = openApiDocument(BASE);
const check = openApiChecker(doc);

type Json = { [key: string]: unknown };
const obj = (v: unknown): Json => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Every operation of the document: [path, method, operation], paths then webhooks. */
function operations(paths: unknown): [string, string, Json][] {
  return Object.entries(obj(paths)).flatMap(([p, item]) => METHODS.filter((m) => obj(item)[m]).map((m) => [p, m, obj(obj(item)[m])] as [string, string, Json]));
}
const allOperations = [...operations(doc.paths), ...operations(doc.webhooks)];

/** Every value under `v`, with its JSON pointer. */
function walk(v: unknown, at = ""): [string, unknown][] {
  const here: [string, unknown][] = [[at, v]];
  if (Array.isArray(v)) return here.concat(v.flatMap((x, i) => walk(x, `${at}/${i}`)));
  if (typeof v === "object" && v !== null) return here.concat(Object.entries(v).flatMap(([k, x]) => walk(x, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`)));
  return here;
}

describe("the OpenAPI document is a valid OpenAPI 3.1 document", () => {
  it("has the 3.1 root: version, info, servers, paths, webhooks, components", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.servers).toEqual([{ url: BASE }]);
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(10);
    expect(Object.keys(doc.webhooks ?? {})).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const p of Object.keys(doc.paths ?? {})) expect(p).toMatch(/^\/api\//);
  });

  it("every operation has a unique operationId, a summary, known tags and security schemes, and answers that each have a description", () => {
    const ids = allOperations.map(([, , op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(list(doc.tags).map((t) => obj(t).name));
    const schemes = new Set(Object.keys(obj(obj(doc.components).securitySchemes)));
    expect(schemes).toEqual(new Set(["session", "apiKey"]));
    for (const [p, m, op] of allOperations) {
      const where = `${m.toUpperCase()} ${p}`;
      expect(op.summary, where).toBeTruthy();
      for (const t of list(op.tags)) expect(tags.has(t), `${where}: tag ${String(t)}`).toBe(true);
      for (const req of list(op.security)) for (const name of Object.keys(obj(req))) expect(schemes.has(name), `${where}: ${name}`).toBe(true);
      const responses = Object.entries(obj(op.responses));
      expect(responses.length, where).toBeGreaterThan(0);
      for (const [status, res] of responses) {
        expect(status, where).toMatch(/^([1-5](\d\d|XX)|default)$/);
        expect(obj(res).description, `${where} ${status}`).toBeTruthy();
      }
    }
  });

  it("every path template's parameters are declared as required path parameters, and no other", () => {
    for (const [p, m, op] of operations(doc.paths)) {
      const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]);
      const declared = list(op.parameters)
        .map(obj)
        .filter((x) => x.in === "path");
      expect(
        declared.map((x) => x.name),
        `${m} ${p}`,
      ).toEqual(inPath);
      for (const d of declared) expect(d.required, `${m} ${p} ${String(d.name)}`).toBe(true);
      for (const param of list(op.parameters).map(obj)) expect(["query", "header", "path", "cookie"]).toContain(param.in);
    }
  });

  it("every $ref points to a schema of components, and component names are allowed", () => {
    const schemas = obj(obj(doc.components).schemas);
    for (const name of Object.keys(schemas)) expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
    const refs = walk(doc).filter(([at, v]) => at.endsWith("/$ref") && typeof v === "string");
    expect(refs.length).toBeGreaterThan(20);
    for (const [at, ref] of refs) {
      expect(ref, at).toMatch(/^#\/components\/schemas\//);
      expect(schemas[(ref as string).slice("#/components/schemas/".length)], at).toBeDefined();
    }
  });

  it("is built once per base URL, with that URL in its servers and examples", () => {
    expect(openApiDocument(BASE)).toBe(doc);
    const other = openApiDocument("https://other.example.org");
    expect(other.servers).toEqual([{ url: "https://other.example.org" }]);
    expect(JSON.stringify(other.webhooks)).toContain("https://other.example.org/api/interactions/sample_call_01");
  });
});

/** The API route files of the families the document covers, with the methods each exports. */
const API_DIR = path.resolve(import.meta.dirname, "../../../app/api");
const FAMILIES = [/^v1\/interactions$/, /^interactions(\/|$)/, /^webhook-endpoints(\/|$)/, /^webhook-deliveries(\/|$)/];
/** The webhook endpoint API of issue 25 (built beside this document: listed here until its files exist). */
const CONTRACT: [string, Method][] = [
  ["webhook-endpoints", "GET"],
  ["webhook-endpoints", "POST"],
  ["webhook-endpoints/[id]", "PATCH"],
  ["webhook-endpoints/[id]", "DELETE"],
  ["webhook-endpoints/[id]/rotate-secret", "POST"],
  ["webhook-endpoints/[id]/deliveries", "GET"],
  ["webhook-endpoints/[id]/test", "POST"],
  ["webhook-deliveries/[id]/resend", "POST"],
];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

function exportedMethods(file: string): Method[] {
  const source = readFileSync(file, "utf8");
  const found = new Set<Method>();
  for (const m of source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) found.add(m[1] as Method);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) for (const n of m[1]!.matchAll(/\bas\s+(GET|POST|PUT|PATCH|DELETE)\b/g)) found.add(n[1] as Method);
  return [...found];
}

const FILES = routeFiles(API_DIR)
  .map((file) => ({ file, key: path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/") }))
  .filter(({ key }) => FAMILIES.some((f) => f.test(key)));

/** Every (route key, method) of the families: the files' exports, their ROUTE_ACCESS entries, and the contract. */
function familyRoutes(): [string, Method][] {
  const out = new Map<string, [string, Method]>();
  const add = (key: string, m: Method) => out.set(`${m} ${key}`, [key, m]);
  for (const { file, key } of FILES) for (const m of exportedMethods(file)) add(key, m);
  for (const [key, methods] of Object.entries(ROUTE_ACCESS)) if (FAMILIES.some((f) => f.test(key))) for (const m of Object.keys(methods)) add(key, m as Method);
  for (const [key, m] of CONTRACT) add(key, m);
  return [...out.values()];
}

describe("every route of the families it covers is in the document", () => {
  it("finds the route files of the ingestion and call log APIs", () => {
    const keys = FILES.map((f) => f.key);
    expect(keys).toEqual(expect.arrayContaining(["v1/interactions", "interactions", "interactions/[id]", "interactions/export.csv", "interactions/monthly-usage.csv"]));
    expect(exportedMethods(FILES.find((f) => f.key === "interactions/[id]/handled")!.file).sort()).toEqual(["DELETE", "PUT"]);
  });

  for (const [key, method] of familyRoutes()) {
    it(`${method} /api/${key}`, () => {
      const item = obj(obj(doc.paths)[apiPath(key)]);
      expect(item[method.toLowerCase()], `${method} ${apiPath(key)} is missing from the OpenAPI document`).toBeDefined();
    });
  }

  it("documents no route that neither exists nor is in the contract", () => {
    const known = new Set(familyRoutes().map(([key, m]) => `${m} ${apiPath(key)}`));
    for (const [p, m] of operations(doc.paths)) expect(known.has(`${m.toUpperCase()} ${p}`), `${m.toUpperCase()} ${p}`).toBe(true);
  });

  it("names the permission of each session route from ROUTE_ACCESS", () => {
    for (const [p, m, op] of operations(doc.paths)) {
      const key = p.replace(/^\/api\//, "").replace(/\{([^}]+)\}/g, "[$1]");
      const need = ROUTE_ACCESS[key]?.[m.toUpperCase() as Method];
      if (need && need.includes(".")) expect(String(op.description), `${m} ${p}`).toContain(`\`${need}\``);
    }
  });
});

describe("the document's schemas are the routes' own", () => {
  it("GET /api/interactions takes exactly the query parameters the route parses", () => {
    const params = list(obj(obj(obj(doc.paths)["/api/interactions"]).get).parameters).map(obj);
    expect(
      params
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort(),
    ).toEqual(Object.keys(interactionListQuerySchema.shape).sort());
    const csvParams = list(obj(obj(obj(doc.paths)["/api/interactions/export.csv"]).get).parameters).map(obj);
    expect(csvParams.map((p) => p.name).sort()).toEqual(Object.keys(interactionFilterQuerySchema.shape).sort());
    expect(obj(params.find((p) => p.name === "limit")!.schema)).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 25 });
  });

  it("the ingestion body is the record schema the route checks each record with, 1 to 1,000 at a time", () => {
    const body = obj(obj(obj(obj(obj(obj(doc.paths)["/api/v1/interactions"]).post).requestBody).content)["application/json"]).schema;
    expect(body).toEqual({ $ref: "#/components/schemas/InteractionBatch" });
    const batch = obj(obj(obj(doc.components).schemas).InteractionBatch);
    expect(obj(obj(batch.properties).interactions)).toMatchObject({ type: "array", minItems: 1, maxItems: 1000, items: { $ref: "#/components/schemas/InteractionRecord" } });
    // The component is what zod itself makes of the route's schema (input side).
    const record = obj(obj(obj(doc.components).schemas).InteractionRecord);
    const fromZod = z.toJSONSchema(interactionRecordSchema, { io: "input", target: "draft-2020-12" }) as Json;
    expect(record).toEqual(obj(fromZod.$defs).InteractionRecord);
    expect(Object.keys(obj(record.properties))).toContain("recordingAnnounced");
  });
});

describe("every example validates against its schema", () => {
  const examples = walk(doc).filter(([at]) => at.endsWith("/example"));

  it("finds the examples: the request bodies, one per event, the headers", () => {
    const bodies = examples.filter(([at]) => at.includes("/content/application~1json/example"));
    expect(bodies.length).toBe(4 + WEBHOOK_EVENT_TYPES.length);
  });

  for (const [at, example] of walk(doc).filter(([p]) => p.endsWith("/example"))) {
    it(at, () => {
      const parent = at.slice(0, -"/example".length);
      const holder = obj(walk(doc).find(([p]) => p === parent)?.[1]);
      // A media type's example goes with its sibling schema; a schema's example with the schema itself.
      const schema = "schema" in holder ? holder.schema : holder;
      expect(check(schema, example)).toEqual([]);
    });
  }

  it("the validator refuses what the schemas refuse", () => {
    const ingestSchema = { $ref: "#/components/schemas/InteractionBatch" };
    expect(check(ingestSchema, { interactions: [] })).not.toEqual([]);
    expect(check(ingestSchema, { interactions: [{ ...INGEST_EXAMPLE.interactions[0], channel: "fax" }] })).not.toEqual([]);
    expect(check({ $ref: "#/components/schemas/CallCompletedEvent" }, { ...sampleEnvelope("call.completed", BASE), type: "call.updated" })).not.toEqual([]);
    expect(check({ $ref: "#/components/schemas/WebhookEndpointCreate" }, { ...ENDPOINT_CREATE_EXAMPLE, secret: "x" })).not.toEqual([]);
  });

  it("the examples also pass the zod schemas the routes and the sender use", () => {
    expect(ingestBodySchema.safeParse(INGEST_EXAMPLE).success).toBe(true);
    expect(endpointCreateSchema.safeParse(ENDPOINT_CREATE_EXAMPLE).success).toBe(true);
    expect(endpointPatchSchema.safeParse(ENDPOINT_PATCH_EXAMPLE).success).toBe(true);
    expect(testEventSchema.safeParse(TEST_EVENT_EXAMPLE).success).toBe(true);
    for (const type of WEBHOOK_EVENT_TYPES) expect(eventEnvelopeSchema(type).safeParse(sampleEnvelope(type, BASE)).success, type).toBe(true);
  });
});
