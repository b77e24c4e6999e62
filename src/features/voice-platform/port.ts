/**
 * CONTRACT (helper "voice platform" builds the adapters): the voice platform
 * port (issue 24). The product builds one platform-neutral AgentSpec from the
 * AI employee's settings (src/features/ai-settings/agent-spec.ts, from the
 * same CallerPlan as the preview); an adapter turns it into the platform's
 * requests. Adapters: Retell (RETELL_API_KEY) and the embedded default, which
 * applies it locally.
 */
export type AgentSpec = {
  /** Our AI employee id (the platform's metadata, and part of idempotency keys). */
  aiEmployeeId: string;
  /** The name the agent answers with. */
  agentName: string;
  /** BCP 47 language as Retell names it ("en-US", "multi"). */
  language: string;
  /** IANA time zone of the business hours. */
  timeZone: string;
  /** The first sentence callers hear (recording announcement first when set). */
  beginMessage: string;
  /** The instructions: business, hours, after hours, answers, transfer rules, booking, spend mode. */
  prompt: string;
  /** Transfer rules, in order; each number in its order with how long it rings. */
  transfers: { name: string; description: string; announcement: string; numbers: { number: string; ringSeconds: number }[]; fallback: "message" | "voicemail" }[];
  /** After-hours transfer (action "transfer"): one number. */
  afterHoursTransfer: { number: string; announcement: string } | null;
  /** Cal.com booking when on (and not messages-only). The key is decrypted only to build the request. */
  booking: { calApiKey: string; eventTypeId: number; timeZone: string } | null;
  /** Two-party consent: ask before recording; continue unrecorded on "no". */
  recording: { announcement: string; twoPartyConsent: boolean };
  /** Spend limit reached: the agent only takes messages. */
  messagesOnly: boolean;
};

/** The platform's ids for the AI employee, kept between pushes (Retell: agent and LLM). */
export type PlatformIds = { agentId: string | null; llmId: string | null };

/** A push the platform refused or could not take; `reason` is shown to the customer. `retryable` false for a refusal that the same request would meet again. */
export class PlatformPushError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
  }
}

/**
 * Stores ids the moment the platform created them (before the push goes on),
 * replacing the ids `apply` was given; answers the ids stored: when another
 * run stored its own first, those (the adapter then drops what it created).
 */
export type RememberIds = (ids: PlatformIds) => Promise<PlatformIds>;

export interface VoicePlatform {
  readonly name: "retell" | "local";
  /**
   * Creates or updates the agent so that it matches `spec`; answers the ids to keep. Throws PlatformPushError. `idempotencyKey` is stable for one version and spend mode.
   * `remember` (optional) is called with each id as soon as the platform answers it, so a run that repeats after a successful create updates it instead of creating a second one.
   */
  apply(spec: AgentSpec, ids: PlatformIds, idempotencyKey: string, remember?: RememberIds): Promise<PlatformIds>;
}
