import { beforeAll, describe, expect, it } from "vitest";
import { startJobs } from "@/lib/jobs";
import { config } from "@/lib/config";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { openApiDocument } from "@/features/api-docs/openapi-document";
import { apiErrorSchema } from "@/features/api-docs/common";
import { ingestAnswerSchema } from "@/features/interactions/record.schema";
import { handledAnswerSchema, interactionDetailSchema, interactionPageSchema } from "@/features/interactions/interaction-view.schema";
import { CSV_COLUMNS } from "@/features/interactions/interactions-read.server";
import { MONTHLY_USAGE_COLUMNS } from "@/features/interactions/monthly-usage.server";
import type { z } from "@/lib/zod";
import * as openapi from "@app/api/openapi.json/route";
import * as list from "@app/api/interactions/route";
import * as detail from "@app/api/interactions/[id]/route";
import * as handled from "@app/api/interactions/[id]/handled/route";
import * as reportSpam from "@app/api/interactions/[id]/report-spam/route";
import * as csvExport from "@app/api/interactions/export.csv/route";
import * as monthlyUsage from "@app/api/interactions/monthly-usage.csv/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee, newApiKey, phoneRecord, postInteractions } from "./interactions-fixtures";
import { openApiChecker, responseSchema, type SchemaCheck } from "./openapi-validator";

/**
 * Issue 25: /api/openapi.json, and real answers of the routes it describes
 * checked against it, both with the zod schemas the document is generated
 * from (parsing must keep every field: a field the schema lacks would be
 * stripped and fail the comparison) and with the document's JSON Schema, as
 * a client generated from it would read them.
 */

let owner: Awaited<ReturnType<typeof customerWithAiEmployee>>;
let key: string;
let check: SchemaCheck;
const doc = () => openApiDocument(config().baseUrl);

beforeAll(async () => {
  await startJobs({ jobs: [usageAlertsJob], workers: false });
  const admin = await createUser({ role: "admin" });
  key = await newApiKey(admin);
  owner = await customerWithAiEmployee();
  check = openApiChecker(doc());
});

/** The answer parses with its zod schema without losing anything, and passes the document's schema for it. */
function expectAnswer<S extends z.ZodType>(body: unknown, schema: S, path: string, method: string, status: string): z.output<S> {
  const parsed = schema.safeParse(body);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  expect(parsed.data).toEqual(body);
  const documented = responseSchema(doc(), path, method, status);
  expect(documented, `${method} ${path} ${status} has a JSON schema`).toBeDefined();
  expect(check(documented, body)).toEqual([]);
  return parsed.data as z.output<S>;
}

const get = (handler: Parameters<typeof call>[0], path: string, who: TestUser = owner.user, params?: Record<string, string>) => call(handler, { path, cookie: who.cookie, params });

describe("GET /api/openapi.json", () => {
  it("answers the document to anyone, cacheable and readable from any site", async () => {
    const res = await call(openapi.GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3600");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await res.json()) as { openapi: string; servers: { url: string }[] };
    expect(body).toEqual(JSON.parse(JSON.stringify(doc())));
    expect(body.openapi).toBe("3.1.0");
    expect(body.servers).toEqual([{ url: config().baseUrl }]);
  });

  it("a signed-in caller's copy is private, like every answer to a session", async () => {
    const res = await call(openapi.GET, { path: "/api/openapi.json", cookie: owner.user.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("real answers match the document", () => {
  const ids = { long: "", chat: "" };

  it("POST /api/v1/interactions", async () => {
    const long = phoneRecord(owner.orderId, { durationSeconds: 240, tags: ["urgent"] });
    const chat: Record<string, unknown> = { ...phoneRecord(owner.orderId, { channel: "chat", agentMessages: 4 }), durationSeconds: undefined };
    const bad = phoneRecord(owner.orderId, { channel: "fax" });
    const res = await postInteractions(key, { interactions: [long, chat, bad] });
    expect(res.status).toBe(200);
    const answer = expectAnswer(await res.json(), ingestAnswerSchema, "/api/v1/interactions", "post", "200");
    expect(answer.results.map((r) => r.status)).toEqual(["created", "created", "rejected"]);
    ids.long = long.id as string;
    ids.chat = chat.id as string;
  });

  it("a 400 is the documented error body", async () => {
    const res = await get(list.GET, "/api/interactions?channel=fax");
    expect(res.status).toBe(400);
    expect(expectAnswer(await res.json(), apiErrorSchema, "/api/interactions", "get", "400").message).toBe("channel must be one of: phone, sms, chat, social");
  });

  it("GET /api/interactions, with filters", async () => {
    const all = expectAnswer(await (await get(list.GET, "/api/interactions?limit=1")).json(), interactionPageSchema, "/api/interactions", "get", "200");
    expect(all.items).toHaveLength(1);
    expect(all.nextCursor).toBeTruthy();
    const next = expectAnswer(await (await get(list.GET, `/api/interactions?limit=1&cursor=${all.nextCursor}`)).json(), interactionPageSchema, "/api/interactions", "get", "200");
    expect(next.items).toHaveLength(1);
    expect(next.items[0]!.id).not.toBe(all.items[0]!.id);
    const phones = expectAnswer(await (await get(list.GET, "/api/interactions?channel=phone&needsFollowUp=false")).json(), interactionPageSchema, "/api/interactions", "get", "200");
    expect(phones.items.map((i) => i.channel)).toEqual(["phone"]);
  });

  it("GET /api/interactions/{id}, for a call and a chat", async () => {
    const items = ((await (await get(list.GET, "/api/interactions")).json()) as { items: { id: string; channel: string }[] }).items;
    for (const item of items) {
      const res = await get(detail.GET, `/api/interactions/${item.id}`, owner.user, { id: item.id });
      expect(res.status).toBe(200);
      const one = expectAnswer(await res.json(), interactionDetailSchema, "/api/interactions/{id}", "get", "200");
      expect(one.transcript.length).toBe(2);
    }
    expect(items.map((i) => i.channel).sort()).toEqual(["chat", "phone"]);
  });

  it("PUT and DELETE /api/interactions/{id}/handled, POST …/report-spam", async () => {
    const id = ((await (await get(list.GET, "/api/interactions?channel=phone")).json()) as { items: { id: string }[] }).items[0]!.id;
    const put = await call(handled.PUT, { method: "PUT", path: `/api/interactions/${id}/handled`, cookie: owner.user.cookie, params: { id } });
    expect(expectAnswer(await put.json(), handledAnswerSchema, "/api/interactions/{id}/handled", "put", "200").handled?.by).toBe("Test");
    const del = await call(handled.DELETE, { method: "DELETE", path: `/api/interactions/${id}/handled`, cookie: owner.user.cookie, params: { id } });
    expect(expectAnswer(await del.json(), handledAnswerSchema, "/api/interactions/{id}/handled", "delete", "200").handled).toBeNull();
    const spam = await call(reportSpam.POST, { method: "POST", path: `/api/interactions/${id}/report-spam`, cookie: owner.user.cookie, params: { id } });
    expect(spam.status).toBe(200);
    expect(expectAnswer(await spam.json(), interactionDetailSchema, "/api/interactions/{id}/report-spam", "post", "200").spamReportedAt).toBeTruthy();
  });

  it("the CSVs start with the columns the document lists", async () => {
    const docPaths = doc().paths as Record<string, { get: { responses: { "200": { description: string; content: Record<string, unknown> } } } }>;
    for (const [handler, path, columns] of [
      [csvExport.GET, "/api/interactions/export.csv", CSV_COLUMNS],
      [monthlyUsage.GET, "/api/interactions/monthly-usage.csv", MONTHLY_USAGE_COLUMNS],
    ] as const) {
      const res = await get(handler, path);
      expect(res.status).toBe(200);
      expect(Object.keys(docPaths[path]!.get.responses["200"].content)).toEqual([res.headers.get("content-type")!.split(";")[0]]);
      expect((await res.text()).split("\r\n")[0]!.split(",")).toEqual([...columns]);
      expect(docPaths[path]!.get.responses["200"].description).toContain(`Columns: ${columns.join(", ")}.`);
    }
  });
});
