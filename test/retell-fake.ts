import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { LoopbackFake } from "./loopback-fake";

/**
 * Retell's API as a loopback fake (node:http on a random port), the way the
 * Stripe fake stands in for Stripe: it keeps Retell LLMs and agents, records
 * every request, and refuses what Retell documents as refused. Each rule
 * names its source; test/retell-fake.int.test.ts has a test per rule that
 * fails when the rule is taken out.
 *
 * Sources: the API reference (OpenAPI "Retell SDK 3.0.0"), one page per endpoint:
 *   https://docs.retellai.com/api-references/create-retell-llm
 *   https://docs.retellai.com/api-references/update-retell-llm
 *   https://docs.retellai.com/api-references/get-retell-llm
 *   https://docs.retellai.com/api-references/delete-retell-llm
 *   https://docs.retellai.com/api-references/create-agent
 *   https://docs.retellai.com/api-references/update-agent
 *   https://docs.retellai.com/api-references/get-agent
 *   https://docs.retellai.com/api-references/delete-agent
 * and https://docs.retellai.com/build/single-multi-prompt/transfer-call (transfer numbers).
 *
 * Not rules of Retell's, but switches for tests: `down()` (503, or the
 * connection cut), `failNext()` (one injected error), `onRequest` (runs
 * before an accepted request is applied).
 */

/** Every error body: {status: "error", message} (components/responses on every API reference page). */
type ErrorBody = { status: "error"; message: string };

/** The documented example messages. */
export const RETELL_MESSAGES = {
  /** 400 BadRequest. */
  badRequest: "Invalid request format, please check API reference.",
  /** 401 Unauthorized. */
  unauthorized: "API key is missing or invalid.",
  /** 422 UnprocessableContent: an id that is not the account's (update, get, delete; an agent's llm_id). */
  notFound: "Cannot find requested asset under given api key.",
  /** 429 TooManyRequests. */
  rateLimited: "Account rate limited, please throttle your requests.",
} as const;

export type RetellFakeRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  status: number;
  answer: unknown;
};

type Problem = { status: number; message: string };
type Check = (value: unknown, path: string) => string | null;

// ---------------------------------------------------------------- the rules

/**
 * RULE authentication: "Authentication header containing API key (find it in
 * dashboard). The format is "Bearer YOUR_API_KEY"" (securitySchemes api_key,
 * http bearer); otherwise 401 Unauthorized. Every page under https://docs.retellai.com/api-references.
 */
function authProblem(header: string | null, apiKey: string): Problem | null {
  return header === `Bearer ${apiKey}` ? null : { status: 401, message: RETELL_MESSAGES.unauthorized };
}

/**
 * RULE E.164: transfer_destination (predefined).number is "The number to
 * transfer to in E.164 format or a dynamic variable like {{transfer_number}}"
 * unless ignore_e164_validation (custom telephony only). https://docs.retellai.com/api-references/create-retell-llm
 */
const E164 = /^\+[1-9]\d{1,14}$/;
const DYNAMIC_VARIABLE = /^\{\{[a-zA-Z0-9_]+\}\}$/;

/**
 * RULE tool names: "Must be consisted of a-z, A-Z, 0-9, or contain underscores
 * and dashes, with a maximum length of 64 (no space allowed)"; "Must be unique
 * within all tools available to LLM at any given time". https://docs.retellai.com/api-references/create-retell-llm (general_tools[].name)
 */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** RULE ring time: transfer_option.transfer_ring_duration_ms, integer, minimum 5000, maximum 90000. https://docs.retellai.com/api-references/create-retell-llm (TransferOptionColdTransfer) */
const RING_MS = { min: 5_000, max: 90_000 };

/** RULE language: AgentRequest.language is one of these (the enum). https://docs.retellai.com/api-references/create-agent */
const LANGUAGES = new Set(
  "en-US en-IN en-GB en-AU en-NZ de-DE es-ES es-419 hi-IN fr-FR fr-CA ja-JP pt-PT pt-BR zh-CN ru-RU it-IT ko-KR nl-NL nl-BE pl-PL tr-TR vi-VN ro-RO bg-BG ca-ES th-TH da-DK fi-FI el-GR hu-HU id-ID no-NO sk-SK sv-SE lt-LT lv-LV cs-CZ ms-MY af-ZA ar-SA az-AZ bs-BA cy-GB fa-IR fil-PH gl-ES he-IL hr-HR hy-AM is-IS kk-KZ kn-IN mk-MK mr-IN ne-NP sl-SI sr-RS sw-KE ta-IN ur-IN yue-CN uk-UA multi".split(
    " ",
  ),
);

/**
 * RULE unknown fields: a body is one of the documented request schemas
 * (RetellLlmRequest, AgentRequest, the tool schemas); a field none of them
 * names is refused with 400 BadRequest ("Invalid request format, please check
 * API reference."). Retell's schemas list their fields; the fake reads the
 * list as closed so that a misspelt field fails here, not silently there.
 */
function closedObject(fields: Record<string, Check>, required: readonly string[] = []): Check {
  return (value, path) => {
    if (!isObject(value)) return `${path} must be an object`;
    for (const key of Object.keys(value)) if (!(key in fields)) return `${path ? `${path}.` : ""}${key} is not a known field`;
    for (const key of required) if (value[key] === undefined || value[key] === null) return `${path ? `${path}.` : ""}${key} is required`;
    for (const [key, check] of Object.entries(fields)) {
      if (value[key] === undefined) continue;
      const problem = check(value[key], path ? `${path}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  };
}

const any: Check = () => null;
const string: Check = (v, p) => (typeof v === "string" ? null : `${p} must be a string`);
const nullableString: Check = (v, p) => (v === null || typeof v === "string" ? null : `${p} must be a string`);
const boolean: Check = (v, p) => (typeof v === "boolean" ? null : `${p} must be a boolean`);
const oneOf =
  (...values: string[]): Check =>
  (v, p) =>
    typeof v === "string" && values.includes(v) ? null : `${p} must be one of ${values.join(", ")}`;
const nonEmptyString: Check = (v, p) => (typeof v === "string" && v.trim() !== "" ? null : `${p} must be a non-empty string`);
const ianaZone: Check = (v, p) => {
  if (typeof v !== "string") return `${p} must be an IANA time zone`;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: v });
    return null;
  } catch {
    return `${p} must be an IANA time zone`;
  }
};

const executionMessage = { speak_during_execution: boolean, execution_message_description: string, execution_message_type: oneOf("prompt", "static_text") };

/** RULE end_call tool: type, name required. https://docs.retellai.com/api-references/create-retell-llm (EndCallTool) */
const endCallTool = closedObject({ type: any, name: string, description: string, ...executionMessage }, ["type", "name"]);

/** RULE transfer_call tool: type, name, transfer_destination, transfer_option required. https://docs.retellai.com/api-references/create-retell-llm (TransferCallTool) */
function transferCallTool(value: unknown, path: string): string | null {
  const shape = closedObject(
    {
      type: any,
      name: string,
      description: string,
      transfer_destination: any,
      transfer_option: any,
      ignore_e164_validation: boolean,
      custom_sip_headers: any,
      ...executionMessage,
    },
    ["type", "name", "transfer_destination", "transfer_option"],
  )(value, path);
  if (shape) return shape;
  const tool = value as Record<string, unknown>;
  const dest = tool.transfer_destination;
  const destPath = `${path}.transfer_destination`;
  if (!isObject(dest)) return `${destPath} must be an object`;
  if (dest.type === "predefined") {
    const problem = closedObject({ type: any, number: string, extension: string }, ["type", "number"])(dest, destPath);
    if (problem) return problem;
    const number = dest.number as string;
    if (tool.ignore_e164_validation !== true && !E164.test(number) && !DYNAMIC_VARIABLE.test(number)) return `${destPath}.number must be in E.164 format (e.g. +14155551234)`;
  } else if (dest.type === "inferred") {
    const problem = closedObject({ type: any, prompt: nonEmptyString }, ["type", "prompt"])(dest, destPath);
    if (problem) return problem;
  } else return `${destPath}.type must be one of predefined, inferred`;
  const option = tool.transfer_option;
  const optionPath = `${path}.transfer_option`;
  if (!isObject(option)) return `${optionPath} must be an object`;
  // The fake models cold transfers (what the product sends); warm and agentic warm transfers are refused as not modeled.
  if (option.type !== "cold_transfer") return `${optionPath}.type: the fake models cold_transfer only`;
  const problem = closedObject({ type: any, show_transferee_as_caller: boolean, cold_transfer_mode: oneOf("sip_refer", "sip_invite"), transfer_ring_duration_ms: any }, ["type"])(option, optionPath);
  if (problem) return problem;
  const ring = option.transfer_ring_duration_ms;
  if (ring !== undefined && (typeof ring !== "number" || !Number.isInteger(ring) || ring < RING_MS.min || ring > RING_MS.max))
    return `${optionPath}.transfer_ring_duration_ms must be a whole number from ${RING_MS.min} to ${RING_MS.max}`;
  return null;
}

/**
 * RULE Cal.com tools: type, name, cal_api_key, event_type_id required;
 * event_type_id "Can be a number or a dynamic variable"; timezone IANA.
 * https://docs.retellai.com/api-references/create-retell-llm (CheckAvailabilityCalTool, BookAppointmentCalTool)
 */
function calTool(value: unknown, path: string): string | null {
  const eventTypeId: Check = (v, p) =>
    (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && DYNAMIC_VARIABLE.test(v)) ? null : `${p} must be a Cal.com event type id (a number) or a dynamic variable`;
  return closedObject({ type: any, name: string, description: string, cal_api_key: nonEmptyString, event_type_id: eventTypeId, timezone: ianaZone }, ["type", "name", "cal_api_key", "event_type_id"])(
    value,
    path,
  );
}

const TOOLS: Record<string, Check> = { end_call: endCallTool, transfer_call: transferCallTool, check_availability_cal: calTool, book_appointment_cal: calTool };

function toolsProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return "general_tools must be an array";
  const names = new Set<string>();
  for (const [i, tool] of value.entries()) {
    const path = `general_tools[${i}]`;
    if (!isObject(tool)) return `${path} must be an object`;
    const check = typeof tool.type === "string" ? TOOLS[tool.type] : undefined;
    if (!check) return `${path}.type ${JSON.stringify(tool.type)} is not a tool type the fake models (${Object.keys(TOOLS).join(", ")})`;
    const problem = check(tool, path);
    if (problem) return problem;
    const name = tool.name as string;
    if (!TOOL_NAME.test(name)) return `${path}.name must use a-z, A-Z, 0-9, _ and - only, at most 64 characters`;
    if (names.has(name)) return `${path}.name "${name}" is not unique among the tools`;
    names.add(name);
  }
  return null;
}

/**
 * RetellLlmRequest's fields. RULE start_speaker: "The speaker who starts the
 * conversation. Required. Must be either 'user' or 'agent'." (required on
 * create). https://docs.retellai.com/api-references/create-retell-llm
 */
const LLM_FIELDS: Record<string, Check> = {
  model: any,
  s2s_model: any,
  model_temperature: any,
  model_high_priority: any,
  tool_call_strict_mode: any,
  knowledge_base_ids: any,
  kb_config: any,
  start_speaker: oneOf("user", "agent"),
  begin_after_user_silence_ms: any,
  begin_message: nullableString,
  general_prompt: nullableString,
  general_tools: (v) => toolsProblem(v),
  states: any,
  starting_state: any,
  default_dynamic_variables: any,
  version: any,
  mcps: any,
};

/** AgentRequest's fields. https://docs.retellai.com/api-references/create-agent, https://docs.retellai.com/api-references/update-agent */
const AGENT_FIELD_NAMES =
  "response_engine agent_name version_description voice_id voice_model fallback_voice_ids voice_temperature voice_speed enable_dynamic_voice_speed enable_dynamic_responsiveness volume voice_emotion responsiveness interruption_sensitivity enable_backchannel backchannel_frequency backchannel_words reminder_trigger_ms reminder_max_count ambient_sound ambient_sound_volume language webhook_url webhook_events webhook_timeout_ms boosted_keywords data_storage_setting data_storage_retention_days opt_in_signed_url signed_url_expiration_ms pronunciation_dictionary normalize_for_speech end_call_after_silence_ms max_call_duration_ms voicemail_message voicemail_detection_timeout_ms voicemail_option ivr_option post_call_analysis_data post_call_analysis_model analysis_successful_prompt analysis_summary_prompt analysis_user_sentiment_prompt begin_message_delay_ms ring_duration_ms stt_mode custom_stt_config vocab_specialization allow_user_dtmf user_dtmf_options denoising_mode pii_config guardrail_config handbook_config timezone is_public".split(
    " ",
  );
const AGENT_FIELDS: Record<string, Check> = {
  ...Object.fromEntries(AGENT_FIELD_NAMES.map((k) => [k, any])),
  agent_name: nullableString,
  version_description: nullableString,
  voice_id: nonEmptyString,
  /** RULE language (see LANGUAGES). */
  language: (v, p) => (typeof v === "string" && LANGUAGES.has(v) ? null : `${p} must be one of Retell's languages (e.g. en-US, multi)`),
  /** "IANA timezone for the agent (e.g. America/New_York)". */
  timezone: (v, p) => (v === null ? null : ianaZone(v, p)),
  /** ResponseEngineRetellLm: type "retell-llm", llm_id required (the fake models Retell LLM engines only). */
  response_engine: (v, p) => {
    if (!isObject(v) || v.type !== "retell-llm") return `${p}.type: the fake models "retell-llm" response engines only`;
    return closedObject({ type: any, llm_id: nonEmptyString, version: any }, ["type", "llm_id"])(v, p);
  },
};

// ---------------------------------------------------------------- the server

type Route = { method: string; pattern: RegExp; handle: (fake: RetellFake, body: Record<string, unknown>, id: string) => { status: number; answer?: unknown } | Problem };

function unprocessable(): Problem {
  return { status: 422, message: RETELL_MESSAGES.notFound };
}

const ROUTES: Route[] = [
  {
    method: "POST",
    pattern: /^\/create-retell-llm$/,
    handle: (fake, body) => {
      // RULE required on create: start_speaker ("Required").
      if (body.start_speaker === undefined) return { status: 400, message: "start_speaker is required" };
      const llm = { llm_id: fake.newId("llm"), version: 0, is_published: false, ...body, last_modification_timestamp: Date.now() };
      fake.llms.set(llm.llm_id, llm);
      return { status: 201, answer: llm };
    },
  },
  {
    method: "PATCH",
    pattern: /^\/update-retell-llm\/([^/]+)$/,
    handle: (fake, body, id) => {
      // RULE unknown id: 422 UnprocessableContent. https://docs.retellai.com/api-references/update-retell-llm
      const llm = fake.llms.get(id);
      if (!llm) return unprocessable();
      Object.assign(llm, body, { last_modification_timestamp: Date.now() });
      return { status: 200, answer: llm };
    },
  },
  { method: "GET", pattern: /^\/get-retell-llm\/([^/]+)$/, handle: (fake, _b, id) => (fake.llms.has(id) ? { status: 200, answer: fake.llms.get(id) } : unprocessable()) },
  { method: "DELETE", pattern: /^\/delete-retell-llm\/([^/]+)$/, handle: (fake, _b, id) => (fake.llms.delete(id) ? { status: 204 } : unprocessable()) },
  {
    method: "POST",
    pattern: /^\/create-agent$/,
    handle: (fake, body) => {
      // RULE required on create: "required: response_engine, voice_id" (createAgent's requestBody). https://docs.retellai.com/api-references/create-agent
      for (const key of ["response_engine", "voice_id"]) if (body[key] === undefined || body[key] === null) return { status: 400, message: `${key} is required` };
      // RULE the response engine exists: an llm_id not under this key is 422 UnprocessableContent. https://docs.retellai.com/api-references/create-agent
      if (!fake.llms.has((body.response_engine as { llm_id: string }).llm_id)) return unprocessable();
      const agent = { agent_id: fake.newId("agent"), version: 0, is_published: false, ...body, last_modification_timestamp: Date.now() };
      fake.agents.set(agent.agent_id, agent);
      return { status: 201, answer: agent };
    },
  },
  {
    method: "PATCH",
    pattern: /^\/update-agent\/([^/]+)$/,
    handle: (fake, body, id) => {
      // RULE unknown id: 422 UnprocessableContent. https://docs.retellai.com/api-references/update-agent
      const agent = fake.agents.get(id);
      if (!agent) return unprocessable();
      if (isObject(body.response_engine) && !fake.llms.has(body.response_engine.llm_id as string)) return unprocessable();
      Object.assign(agent, body, { last_modification_timestamp: Date.now() });
      return { status: 200, answer: agent };
    },
  },
  { method: "GET", pattern: /^\/get-agent\/([^/]+)$/, handle: (fake, _b, id) => (fake.agents.has(id) ? { status: 200, answer: fake.agents.get(id) } : unprocessable()) },
  { method: "DELETE", pattern: /^\/delete-agent\/([^/]+)$/, handle: (fake, _b, id) => (fake.agents.delete(id) ? { status: 204 } : unprocessable()) },
];

/** Which schema a route's body follows. */
function bodySchema(path: string): Record<string, Check> | null {
  if (/^\/(create|update)-retell-llm/.test(path)) return LLM_FIELDS;
  if (/^\/(create|update)-agent/.test(path)) return AGENT_FIELDS;
  return null;
}

export type RetellFakeOptions = {
  apiKey: string;
  /**
   * RULE rate limit: past its budget an account gets 429 TooManyRequests
   * ("Account rate limited, please throttle your requests.", components/responses
   * on the API reference pages). Retell publishes no numbers and no Retry-After
   * header, so the fake sends none; the budget here is the test's choice
   * (default 600 requests a minute).
   */
  rateLimit?: { max: number; windowMs: number };
};

export class RetellFake extends LoopbackFake {
  readonly requests: RetellFakeRequest[] = [];
  readonly llms = new Map<string, Record<string, unknown> & { llm_id: string }>();
  readonly agents = new Map<string, Record<string, unknown> & { agent_id: string }>();
  /** Runs before an accepted request is applied (e.g. to change the database while a push is under way). */
  onRequest: ((req: { method: string; path: string; body: unknown }) => Promise<void> | void) | null = null;
  private hits: number[] = [];
  private injected: { method: string; path: RegExp; status: number; message: string }[] = [];
  private readonly rateLimit: { max: number; windowMs: number };

  constructor(private readonly opts: RetellFakeOptions) {
    super();
    this.rateLimit = opts.rateLimit ?? { max: 600, windowMs: 60_000 };
  }

  get baseUrl(): string {
    return this.origin;
  }

  /** Test switch: the next accepted request matching `method` and `path` answers `status` with `message`. */
  failNext(method: string, path: RegExp, status: number, message: string): void {
    this.injected.push({ method, path, status, message });
  }

  private created = 0;
  /** Ids in creation order (llm_…0001, agent_…0002), so that recorded requests can be compared with fixtures. */
  newId(prefix: "llm" | "agent"): string {
    this.created += 1;
    return `${prefix}_${this.created.toString(16).padStart(28, "0")}`;
  }

  /** Forgets the rate limit's window (the next minute, for tests). */
  resetRateLimit(): void {
    this.hits = [];
  }

  /** Requests that reached a route (for assertions), e.g. creates: `fake.calls("POST", "/create-retell-llm")`. */
  calls(method: string, pathPrefix: string): RetellFakeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { raw, method, path, authorization } = await this.readRequest(req);
    let body: unknown = undefined;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const { status, answer } = await this.answer(method, path, authorization, raw, body);
    this.requests.push({ method, path, authorization, body, status, answer });
    if (answer === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
  }

  private async answer(method: string, path: string, authorization: string | null, raw: string, body: unknown): Promise<{ status: number; answer?: unknown }> {
    const error = (p: Problem) => ({ status: p.status, answer: { status: "error", message: p.message } satisfies ErrorBody });
    if (this.state === "unavailable") return error({ status: 503, message: "Retell is temporarily unavailable (the fake is down)" });
    const auth = authProblem(authorization, this.opts.apiKey);
    if (auth) return error(auth);
    const now = Date.now();
    this.hits = this.hits.filter((t) => t > now - this.rateLimit.windowMs);
    if (this.hits.length >= this.rateLimit.max) return error({ status: 429, message: RETELL_MESSAGES.rateLimited });
    this.hits.push(now);
    let route: Route | undefined;
    let id = "";
    for (const r of ROUTES) {
      const m = r.method === method ? r.pattern.exec(path) : null;
      if (m) {
        route = r;
        id = decodeURIComponent(m[1] ?? "");
        break;
      }
    }
    if (!route) return error({ status: 404, message: `${method} ${path} is not an endpoint of the fake` });
    const schema = bodySchema(path);
    let fields: Record<string, unknown> = {};
    if (schema) {
      // RULE the body is a JSON object (requestBody required, application/json): else 400 BadRequest.
      if (!raw || !isObject(body)) return error({ status: 400, message: RETELL_MESSAGES.badRequest });
      const problem = closedObject(schema)(body, "");
      if (problem) return error({ status: 400, message: problem });
      fields = body;
    }
    const i = this.injected.findIndex((f) => f.method === method && f.path.test(path));
    if (i >= 0) {
      const [f] = this.injected.splice(i, 1);
      return error({ status: f!.status, message: f!.message });
    }
    if (this.onRequest) await this.onRequest({ method, path, body });
    const result = route.handle(this, fields, id);
    if ("message" in result) return error(result);
    return result;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Starts a fake for `apiKey`. */
export function startRetellFake(opts: RetellFakeOptions): Promise<RetellFake> {
  return new RetellFake(opts).start();
}

/**
 * A fake accepting `apiKey`, with the app's RETELL_API_KEY and
 * RETELL_API_BASE_URL pointing at it, for each test (`each: true`) or for the
 * file or describe block; `use` gets it once started. Afterwards the fake stops
 * and both settings are as they were.
 */
export function withRetellFake(apiKey: string, use: (fake: RetellFake) => void, opts: { each?: boolean } = {}): void {
  const saved = { RETELL_API_KEY: process.env.RETELL_API_KEY, RETELL_API_BASE_URL: process.env.RETELL_API_BASE_URL };
  let fake: RetellFake;
  (opts.each ? beforeEach : beforeAll)(async () => {
    fake = await startRetellFake({ apiKey });
    process.env.RETELL_API_KEY = apiKey;
    process.env.RETELL_API_BASE_URL = fake.baseUrl;
    resetConfigForTests();
    use(fake);
  });
  (opts.each ? afterEach : afterAll)(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
    await fake.stop();
  });
}
