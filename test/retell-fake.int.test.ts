import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PlatformPushError, type AgentSpec, type PlatformIds } from "@/features/voice-platform/port";
import { retellAgentBody, retellLlmBody } from "@/features/voice-platform/retell-requests";
import { retellVoicePlatform } from "@/features/voice-platform/retell.server";
import { RETELL_MESSAGES, RetellFake } from "./retell-fake";
import { rejectionOf } from "./loopback-fake";

/**
 * Each rule the Retell fake enforces (test/retell-fake.ts names its source):
 * a request that breaks exactly that rule is refused, and the adapter's own
 * request (or the same request without the fault) is accepted, so taking a
 * rule out of the fake fails its test.
 */

const KEY = "key_fake_0123456789abcdef";
const FIXTURES = path.join(import.meta.dirname, "fixtures/retell");
const fixture = <T>(name: string): T => JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as T;
const spec = fixture<AgentSpec>("agent-spec.json");
const KEY_OF_VERSION = "0b6f3c1e-7a2d-4e58-9c41-2f8d6a1b3e70:v3:normal";

let fake: RetellFake;

async function send(
  method: string,
  route: string,
  body?: unknown,
  opts: { key?: string | null; raw?: string; authorization?: string } = {},
): Promise<{ status: number; json: { status?: string; message?: string } & Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {};
  const key = opts.key === undefined ? KEY : opts.key;
  if (opts.authorization) headers.authorization = opts.authorization;
  else if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined || opts.raw !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${fake.baseUrl}${route}`, { method, headers, body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {}, headers: res.headers };
}

function platform(key = KEY) {
  return retellVoicePlatform({ apiKey: key, baseUrl: fake.baseUrl, timeoutMs: 5_000 });
}

const pushError = (p: Promise<unknown>) => rejectionOf(p, PlatformPushError);

/** A created LLM's id, made with the adapter's own body. */
async function createdLlm(): Promise<string> {
  const res = await send("POST", "/create-retell-llm", retellLlmBody(spec));
  expect(res.status).toBe(201);
  return res.json.llm_id as string;
}

function transferTool(over: Record<string, unknown> = {}) {
  return {
    type: "transfer_call",
    name: "transfer_front_desk",
    description: "Transfer to the front desk.",
    transfer_destination: { type: "predefined", number: "+14155550111" },
    transfer_option: { type: "cold_transfer", transfer_ring_duration_ms: 20_000 },
    ...over,
  };
}
function calTool(over: Record<string, unknown> = {}) {
  return { type: "check_availability_cal", name: "check_availability", cal_api_key: "cal_live_x", event_type_id: 42, timezone: "America/New_York", ...over };
}
/** `o` without `key`. */
function without<T extends object>(o: T, key: keyof T): Partial<T> {
  const copy = { ...o };
  delete copy[key];
  return copy;
}
const llmWith = (tools: unknown[]) => ({ ...retellLlmBody(spec), general_tools: tools });

beforeEach(async () => {
  fake = await new RetellFake({ apiKey: KEY }).start();
});
afterEach(() => fake.stop());

describe("the adapter against the fake", () => {
  it("first push creates the LLM then the agent answering with it; the next push updates both; the bodies are the fixtures", async () => {
    const first = await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION);
    expect(first.llmId).toMatch(/^llm_/);
    expect(first.agentId).toMatch(/^agent_/);
    expect(fake.agents.get(first.agentId!)?.response_engine).toEqual({ type: "retell-llm", llm_id: first.llmId });
    const second = await platform().apply({ ...spec, beginMessage: "Bayview Plumbing, Nova speaking." }, first, KEY_OF_VERSION);
    expect(second).toEqual(first);
    expect([fake.llms.size, fake.agents.size]).toEqual([1, 1]);
    expect(fake.llms.get(first.llmId!)?.begin_message).toBe("Bayview Plumbing, Nova speaking.");
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(/_[0-9a-f]{28}$/, "_<id>")} ${r.status}`)).toEqual([
      "POST /create-retell-llm 201",
      "POST /create-agent 201",
      "PATCH /update-retell-llm/llm_<id> 200",
      "PATCH /update-agent/agent_<id> 200",
    ]);
    const [createLlm, createAgent, updateLlm, updateAgent] = fake.requests;
    await expect(JSON.stringify(createLlm!.body, null, 2) + "\n").toMatchFileSnapshot("fixtures/retell/create-retell-llm.request.json");
    await expect(JSON.stringify(createAgent!.body, null, 2) + "\n").toMatchFileSnapshot("fixtures/retell/create-agent.request.json");
    await expect(JSON.stringify(updateLlm!.body, null, 2) + "\n").toMatchFileSnapshot("fixtures/retell/update-retell-llm.request.json");
    await expect(JSON.stringify(updateAgent!.body, null, 2) + "\n").toMatchFileSnapshot("fixtures/retell/update-agent.request.json");
  });

  it("the fake's answers have the fields and types of the docs' examples (fixtures/retell/*.response.json)", async () => {
    const ids = await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION);
    const shape = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? "array" : typeof v]));
    const llmAnswer = fake.requests[0]!.answer as Record<string, unknown>;
    const agentAnswer = fake.requests[1]!.answer as Record<string, unknown>;
    expect(shape(llmAnswer)).toMatchObject(shape(fixture("create-retell-llm.response.json")));
    expect(shape(agentAnswer)).toMatchObject(shape(fixture("create-agent.response.json")));
    expect(llmAnswer.llm_id).toBe(ids.llmId);
    const refused = await send("POST", "/create-retell-llm", [], {});
    expect(Object.keys(refused.json).sort()).toEqual(Object.keys(fixture("error.response.json")).sort());
  });

  it("an LLM or agent deleted on Retell's side is created again on the next push", async () => {
    const ids = await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION);
    fake.llms.delete(ids.llmId!);
    fake.agents.delete(ids.agentId!);
    const again = await platform().apply(spec, ids, KEY_OF_VERSION);
    expect(again.llmId).not.toBe(ids.llmId);
    expect(again.agentId).not.toBe(ids.agentId);
    expect([fake.llms.size, fake.agents.size]).toEqual([1, 1]);
    expect(fake.agents.get(again.agentId!)?.response_engine).toEqual({ type: "retell-llm", llm_id: again.llmId });
  });

  it("remembers each id as soon as it is created: a failed agent create keeps the LLM, and the next push updates it", async () => {
    const remembered: PlatformIds[] = [];
    const remember = async (ids: PlatformIds) => (remembered.push(ids), ids);
    fake.failNext("POST", /^\/create-agent$/, 500, "An unexpected server error occurred.");
    const err = await pushError(platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION, remember));
    expect([err.reason, err.retryable]).toEqual(["An unexpected server error occurred.", true]);
    expect(remembered).toEqual([{ agentId: null, llmId: expect.stringMatching(/^llm_/) }]);
    const ids = await platform().apply(spec, remembered[0]!, KEY_OF_VERSION, remember);
    expect(ids.llmId).toBe(remembered[0]!.llmId);
    expect(fake.calls("POST", "/create-retell-llm")).toHaveLength(1);
    expect(fake.llms.size).toBe(1);
  });

  it("when another run stored its id first, the one just created is deleted and the stored one used", async () => {
    const theirs = await createdLlm();
    const ids = await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION, async (mine) => ({ ...mine, llmId: theirs }));
    expect(ids.llmId).toBe(theirs);
    expect([...fake.llms.keys()]).toEqual([theirs]);
    expect(fake.agents.get(ids.agentId!)?.response_engine).toEqual({ type: "retell-llm", llm_id: theirs });
  });
});

describe("retell fake: documented rules", () => {
  it("authentication: 'Authorization: Bearer <API key>', else 401 'API key is missing or invalid.'", async () => {
    for (const opts of [{ key: null }, { key: "key_someone_else_000000" }, { authorization: KEY }, { authorization: `Basic ${KEY}` }]) {
      const res = await send("POST", "/create-retell-llm", retellLlmBody(spec), opts);
      expect([res.status, res.json]).toEqual([401, { status: "error", message: RETELL_MESSAGES.unauthorized }]);
    }
    expect(fake.llms.size).toBe(0);
    const err = await pushError(platform("key_wrong_0000000000000").apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION));
    expect([err.reason, err.retryable]).toEqual([RETELL_MESSAGES.unauthorized, false]);
    expect((await send("POST", "/create-retell-llm", retellLlmBody(spec))).status).toBe(201);
  });

  it("the body is a JSON object, else 400 'Invalid request format, please check API reference.'", async () => {
    for (const raw of ["{not json", "[]", '"text"']) {
      const res = await send("POST", "/create-retell-llm", undefined, { raw });
      expect([res.status, res.json.message]).toEqual([400, RETELL_MESSAGES.badRequest]);
    }
    expect((await send("POST", "/create-retell-llm", retellLlmBody(spec))).status).toBe(201);
  });

  it("unknown fields are refused (400), at the top and inside a tool, a destination or a response engine", async () => {
    const llmId = await createdLlm();
    const agent = retellAgentBody(spec, llmId, KEY_OF_VERSION);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/create-retell-llm", { ...retellLlmBody(spec), colour: "blue" }, "colour is not a known field"],
      ["PATCH", `/update-retell-llm/${llmId}`, { prompt: "Hello" }, "prompt is not a known field"],
      ["POST", "/create-retell-llm", llmWith([transferTool({ ring_seconds: 20 })]), "general_tools[0].ring_seconds is not a known field"],
      [
        "POST",
        "/create-retell-llm",
        llmWith([transferTool({ transfer_destination: { type: "predefined", number: "+14155550111", label: "x" } })]),
        "general_tools[0].transfer_destination.label is not a known field",
      ],
      ["POST", "/create-agent", { ...agent, metadata: { aiEmployeeId: "x" } }, "metadata is not a known field"],
      ["POST", "/create-agent", { ...agent, response_engine: { type: "retell-llm", llm_id: llmId, id: "x" } }, "response_engine.id is not a known field"],
    ];
    for (const [method, route, body, message] of cases) {
      const res = await send(method, route, body);
      expect([route, res.status, res.json.message]).toEqual([route, 400, message]);
    }
    expect((await send("POST", "/create-agent", agent)).status).toBe(201);
  });

  it("required fields: create-agent needs response_engine and voice_id, create-retell-llm start_speaker; updates take any subset", async () => {
    const llmId = await createdLlm();
    const noVoice = without(retellAgentBody(spec, llmId, KEY_OF_VERSION), "voice_id");
    const noEngine = without(retellAgentBody(spec, llmId, KEY_OF_VERSION), "response_engine");
    const noSpeaker = without(retellLlmBody(spec), "start_speaker");
    expect((await send("POST", "/create-agent", noVoice)).json.message).toBe("voice_id is required");
    expect((await send("POST", "/create-agent", noEngine)).json.message).toBe("response_engine is required");
    expect((await send("POST", "/create-retell-llm", noSpeaker)).json.message).toBe("start_speaker is required");
    expect((await send("POST", "/create-agent", { ...noVoice, voice_id: "" })).status).toBe(400);
    expect((await send("PATCH", `/update-retell-llm/${llmId}`, { begin_message: "Hi" })).status).toBe(200);
    const agent = await send("POST", "/create-agent", retellAgentBody(spec, llmId, KEY_OF_VERSION));
    expect(agent.status).toBe(201);
    expect((await send("PATCH", `/update-agent/${agent.json.agent_id as string}`, { agent_name: "Nova" })).status).toBe(200);
  });

  it("create-agent's llm_id must be an LLM of this key: else 422 'Cannot find requested asset under given api key.'", async () => {
    const res = await send("POST", "/create-agent", retellAgentBody(spec, "llm_not_mine", KEY_OF_VERSION));
    expect([res.status, res.json.message]).toEqual([422, RETELL_MESSAGES.notFound]);
    expect((await send("POST", "/create-agent", retellAgentBody(spec, await createdLlm(), KEY_OF_VERSION))).status).toBe(201);
  });

  it.each([
    // transfer_call: transfer_destination and transfer_option are required; a predefined number is E.164.
    [[without(transferTool(), "transfer_option")], "general_tools[0].transfer_option is required"],
    [[without(transferTool(), "transfer_destination")], "general_tools[0].transfer_destination is required"],
    [[transferTool({ transfer_destination: { type: "predefined", number: "415-555-0111" } })], "general_tools[0].transfer_destination.number must be in E.164 format (e.g. +14155551234)"],
    [[transferTool({ transfer_destination: { type: "predefined", number: "+014155550111" } })], "general_tools[0].transfer_destination.number must be in E.164 format (e.g. +14155551234)"],
    [[transferTool({ transfer_destination: { type: "predefined" } })], "general_tools[0].transfer_destination.number is required"],
    // Cal.com tools need cal_api_key and event_type_id (a number or a dynamic variable); timezone is IANA.
    [[without(calTool(), "cal_api_key")], "general_tools[0].cal_api_key is required"],
    [[without(calTool(), "event_type_id")], "general_tools[0].event_type_id is required"],
    [[calTool({ event_type_id: "abc" })], "general_tools[0].event_type_id must be a Cal.com event type id (a number) or a dynamic variable"],
    [[calTool({ type: "book_appointment_cal", timezone: "Mars/Olympus" })], "general_tools[0].timezone must be an IANA time zone"],
    // Tool names: a-z, A-Z, 0-9, _ and - only, at most 64 characters, unique; end_call needs its name.
    [[transferTool({ name: "transfer to sales" })], "general_tools[0].name must use a-z, A-Z, 0-9, _ and - only, at most 64 characters"],
    [[transferTool({ name: "t".repeat(65) })], "general_tools[0].name must use a-z, A-Z, 0-9, _ and - only, at most 64 characters"],
    [[transferTool(), calTool({ name: "transfer_front_desk" })], 'general_tools[1].name "transfer_front_desk" is not unique among the tools'],
    [[{ type: "end_call" }], "general_tools[0].name is required"],
  ])("refuses an LLM with the tools %j: %s", async (tools: unknown[], message) => {
    expect((await send("POST", "/create-retell-llm", llmWith(tools))).json.message).toBe(message);
  });

  it("transfer_call: accepts a predefined number in E.164, a dynamic variable, or any number with ignore_e164_validation", async () => {
    for (const tool of [
      transferTool(),
      transferTool({ transfer_destination: { type: "predefined", number: "{{transfer_number}}" } }),
      transferTool({ ignore_e164_validation: true, transfer_destination: { type: "predefined", number: "4155550111" } }),
    ]) {
      expect((await send("POST", "/create-retell-llm", llmWith([tool]))).status).toBe(201);
    }
  });

  it("transfer_ring_duration_ms is a whole number from 5000 to 90000", async () => {
    for (const ms of [4_999, 90_001, 20_000.5]) {
      const res = await send("POST", "/create-retell-llm", llmWith([transferTool({ transfer_option: { type: "cold_transfer", transfer_ring_duration_ms: ms } })]));
      expect([ms, res.status, res.json.message]).toEqual([ms, 400, "general_tools[0].transfer_option.transfer_ring_duration_ms must be a whole number from 5000 to 90000"]);
    }
    for (const ms of [5_000, 90_000])
      expect((await send("POST", "/create-retell-llm", llmWith([transferTool({ transfer_option: { type: "cold_transfer", transfer_ring_duration_ms: ms } })]))).status).toBe(201);
  });

  it("Cal.com tools with a key, a numeric event type or a dynamic variable, and an IANA time zone are accepted", async () => {
    expect((await send("POST", "/create-retell-llm", llmWith([calTool(), calTool({ type: "book_appointment_cal", name: "book", event_type_id: "{{event_type}}" })]))).status).toBe(201);
  });

  it("tool names of 64 characters, and end_call with its name, are accepted", async () => {
    expect((await send("POST", "/create-retell-llm", llmWith([transferTool({ name: "t".repeat(64) }), { type: "end_call", name: "end_call" }]))).status).toBe(201);
  });

  it("language is one of Retell's (en-US … multi)", async () => {
    const llmId = await createdLlm();
    const res = await send("POST", "/create-agent", { ...retellAgentBody(spec, llmId, KEY_OF_VERSION), language: "english" });
    expect([res.status, res.json.message]).toEqual([400, "language must be one of Retell's languages (e.g. en-US, multi)"]);
    expect((await send("POST", "/create-agent", { ...retellAgentBody(spec, llmId, KEY_OF_VERSION), language: "multi" })).status).toBe(201);
  });

  it("rate limit: past the budget 429 'Account rate limited, please throttle your requests.' (no Retry-After: none is documented); the adapter's error is retryable", async () => {
    await fake.stop();
    fake = await new RetellFake({ apiKey: KEY, rateLimit: { max: 2, windowMs: 60_000 } }).start();
    const ids = await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION);
    const limited = await send("PATCH", `/update-retell-llm/${ids.llmId!}`, { begin_message: "Hi" });
    expect([limited.status, limited.json]).toEqual([429, { status: "error", message: RETELL_MESSAGES.rateLimited }]);
    expect(limited.headers.get("retry-after")).toBeNull();
    const err = await pushError(platform().apply(spec, ids, KEY_OF_VERSION));
    expect([err.reason, err.retryable]).toEqual([RETELL_MESSAGES.rateLimited, true]);
    fake.resetRateLimit();
    expect((await send("PATCH", `/update-retell-llm/${ids.llmId!}`, { begin_message: "Hi" })).status).toBe(200);
  });

  it("an id that is not the key's: 422 on update, get and delete", async () => {
    for (const [method, route, body] of [
      ["PATCH", "/update-retell-llm/llm_nope", { begin_message: "Hi" }],
      ["PATCH", "/update-agent/agent_nope", { agent_name: "Nova" }],
      ["GET", "/get-retell-llm/llm_nope", undefined],
      ["GET", "/get-agent/agent_nope", undefined],
      ["DELETE", "/delete-retell-llm/llm_nope", undefined],
      ["DELETE", "/delete-agent/agent_nope", undefined],
    ] as const) {
      const res = await send(method, route, body);
      expect([route, res.status, res.json.message]).toEqual([route, 422, RETELL_MESSAGES.notFound]);
    }
    const llmId = await createdLlm();
    expect((await send("PATCH", `/update-retell-llm/${llmId}`, { begin_message: "Hi" })).status).toBe(200);
    expect((await send("GET", `/get-retell-llm/${llmId}`)).json.begin_message).toBe("Hi");
    expect((await send("DELETE", `/delete-retell-llm/${llmId}`)).status).toBe(204);
  });

  it("a refusal the same request would meet again is not retryable for the adapter (400, 422)", async () => {
    const err = await pushError(platform().apply({ ...spec, language: "klingon" }, { agentId: null, llmId: null }, KEY_OF_VERSION));
    expect([err.reason, err.retryable]).toEqual(["language must be one of Retell's languages (e.g. en-US, multi)", false]);
  });
});

describe("retell fake: test switches", () => {
  it("down: 503 with a reason, or connections cut; the adapter's errors are retryable; up again: accepted", async () => {
    fake.down();
    const unavailable = await pushError(platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION));
    expect([unavailable.reason, unavailable.retryable]).toEqual(["Retell is temporarily unavailable (the fake is down)", true]);
    fake.down("refusing");
    const refused = await pushError(platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION));
    expect([refused.reason, refused.retryable]).toEqual(["Retell could not be reached", true]);
    fake.up();
    expect((await platform().apply(spec, { agentId: null, llmId: null }, KEY_OF_VERSION)).agentId).toMatch(/^agent_/);
  });
});
