import "server-only";
import { logger } from "@/lib/logger";
import { PlatformPushError, type AgentSpec, type PlatformIds, type RememberIds, type VoicePlatform } from "./port";
import { retellAgentBody, retellLlmBody } from "./retell-requests";

/**
 * The Retell adapter: the AI employee is one Retell LLM (prompt, first
 * sentence, tools) and one agent answering with it.
 * - First push: POST /create-retell-llm, then POST /create-agent with
 *   response_engine {type: "retell-llm", llm_id}.
 * - Later pushes: PATCH /update-retell-llm/{llm_id}, PATCH /update-agent/{agent_id}
 *   (the agent's latest draft, which a number bound without a version uses).
 * - Authentication: "Authorization: Bearer YOUR_API_KEY" (securitySchemes api_key).
 * - Errors answer {status: "error", message}; the message is the reason the
 *   settings page shows. 429 ("Account rate limited, please throttle your
 *   requests."), 5xx, a timeout or no connection are worth another try; 400,
 *   401, 402, 422 are not (the same request meets them again).
 * https://docs.retellai.com/api-references/create-retell-llm, …/update-retell-llm,
 * …/create-agent, …/update-agent, …/delete-retell-llm, …/delete-agent
 *
 * Idempotency: Retell documents no idempotency key, so a create whose answer
 * is lost cannot be matched. Instead every id is handed to `remember` the
 * moment Retell answers it (the job stores it before going on), so a run that
 * repeats after a successful create (the agent's create failed, the worker
 * died, the final write was lost) updates what exists and never creates a
 * second LLM or agent. A create whose answer never arrived (a timeout) leaves
 * at most one orphan that nothing uses.
 */

export type RetellOptions = {
  apiKey: string;
  /** https://api.retellai.com, or the loopback fake in tests. */
  baseUrl: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 15_000;

/** Statuses after which the same request may succeed later. */
function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Retell refused: its status beside the reason. */
class RetellRefusal extends PlatformPushError {
  constructor(
    reason: string,
    readonly status: number,
  ) {
    super(reason, retryableStatus(status));
  }
}

export function retellVoicePlatform(opts: RetellOptions): VoicePlatform {
  const base = opts.baseUrl.replace(/\/+$/, "");
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function request<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${opts.apiKey}`, ...(body === undefined ? {} : { "content-type": "application/json" }), accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new PlatformPushError(timedOut ? `Retell did not answer within ${Math.round(timeoutMs / 1000)} seconds` : "Retell could not be reached", true);
    }
    const text = await res.text().catch(() => "");
    if (res.ok) return (text ? JSON.parse(text) : {}) as T;
    let message = "";
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message.trim();
    } catch {
      // not JSON: the status names it
    }
    throw new RetellRefusal(message || `Retell answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`, res.status);
  }

  /**
   * Updates `path`; false when the LLM or agent is gone (deleted on Retell's
   * side): an unknown id answers 422 UnprocessableContent ("Cannot find
   * requested asset under given api key.") on update and on get, so a 422
   * (or 404) on update is checked with a get before it counts as gone.
   */
  async function update(path: string, getPath: string, body: unknown): Promise<boolean> {
    try {
      await request("PATCH", path, body);
      return true;
    } catch (err) {
      if (!(err instanceof RetellRefusal) || (err.status !== 422 && err.status !== 404)) throw err;
      const gone = await request("GET", getPath).then(
        () => false,
        (probe: unknown) => probe instanceof RetellRefusal && (probe.status === 422 || probe.status === 404),
      );
      if (!gone) throw err;
      return false;
    }
  }

  /** Hands a new id to `remember`; when another run stored one first, deletes ours and continues with theirs. */
  async function keep(ids: PlatformIds, remember: RememberIds | undefined, created: { kind: "llm" | "agent"; id: string }): Promise<PlatformIds> {
    if (!remember) return ids;
    const kept = await remember(ids);
    const winner = created.kind === "llm" ? kept.llmId : kept.agentId;
    if (winner && winner !== created.id) {
      const path = created.kind === "llm" ? `/delete-retell-llm/${encodeURIComponent(created.id)}` : `/delete-agent/${encodeURIComponent(created.id)}`;
      await request("DELETE", path).catch((err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err), id: created.id }, "retell: a duplicate could not be deleted"));
    }
    return kept;
  }

  async function createLlm(spec: AgentSpec, ids: PlatformIds, remember?: RememberIds): Promise<PlatformIds> {
    const llm = await request<{ llm_id: string }>("POST", "/create-retell-llm", retellLlmBody(spec));
    return keep({ ...ids, llmId: llm.llm_id }, remember, { kind: "llm", id: llm.llm_id });
  }

  async function createAgent(spec: AgentSpec, ids: PlatformIds & { llmId: string }, key: string, remember?: RememberIds): Promise<PlatformIds> {
    const agent = await request<{ agent_id: string }>("POST", "/create-agent", retellAgentBody(spec, ids.llmId, key));
    return keep({ ...ids, agentId: agent.agent_id }, remember, { kind: "agent", id: agent.agent_id });
  }

  return {
    name: "retell",
    async apply(spec, given, idempotencyKey, remember) {
      let ids: PlatformIds = { ...given };
      const llm = ids.llmId ? encodeURIComponent(ids.llmId) : null;
      // Deleted on Retell's side: created again.
      if (!llm || !(await update(`/update-retell-llm/${llm}`, `/get-retell-llm/${llm}`, retellLlmBody(spec)))) ids = await createLlm(spec, ids, remember);
      const llmId = ids.llmId!;
      const agent = ids.agentId ? encodeURIComponent(ids.agentId) : null;
      if (!agent || !(await update(`/update-agent/${agent}`, `/get-agent/${agent}`, retellAgentBody(spec, llmId, idempotencyKey))))
        ids = await createAgent(spec, { ...ids, llmId }, idempotencyKey, remember);
      return ids;
    },
  };
}
