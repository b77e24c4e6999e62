import "server-only";
import { outboundFetch, type OutboundFetch } from "@/lib/http/outbound-fetch";
import { SmsSendError, type SmsSender } from "./port";

/**
 * The Twilio adapter: Programmable Messaging's "Create a Message"
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded
 * (application/x-www-form-urlencoded) To, From, Body and StatusCallback,
 * HTTP Basic authentication with the Account SID and the auth token
 * (https://www.twilio.com/docs/usage/requests-to-twilio). 201 answers the
 * Message resource (its `sid`, SM + 32 hex, and `status`, "queued").
 *
 * Errors answer `{code, message, more_info, status}`
 * (https://www.twilio.com/docs/usage/twilios-response). A 4xx is the same
 * answer next time (a bad number, a body too long, bad credentials): the
 * send fails for good. 408, 429, 5xx, a timeout or no connection are worth
 * another try. Error 21610 ("Attempt to send to unsubscribed recipient",
 * https://www.twilio.com/docs/api/errors/21610) means the number replied
 * STOP: `optedOut`.
 *
 * Twilio's Messages API takes no idempotency key, so a request whose answer
 * is lost may have been sent: the delivery job keeps the window small (it
 * stores the sid the moment Twilio answers) and the ADR names it.
 */
export type TwilioOptions = {
  accountSid: string;
  authToken: string;
  /** E.164, a number of the account. */
  from: string;
  /** https://api.twilio.com, or the loopback fake in tests. */
  baseUrl: string;
  /** Where Twilio POSTs the message's status changes; null sends none (a loopback PUBLIC_BASE_URL Twilio cannot reach). */
  statusCallbackUrl: string | null;
  /** The whole request (default 15 s). */
  timeoutMs?: number;
  fetch?: OutboundFetch;
};

const DEFAULT_TIMEOUT_MS = 15_000;
/** A Message resource is about 1 KB; an error body less. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Twilio's error code for a recipient who replied STOP. */
export const TWILIO_UNSUBSCRIBED = 21610;

function transient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function twilioSmsSender(opts: TwilioOptions): SmsSender {
  const url = `${opts.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString("base64")}`;
  const fetch = opts.fetch ?? outboundFetch;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    name: "twilio",
    async send(message) {
      const form = new URLSearchParams({ To: message.to, From: opts.from, Body: message.body });
      if (opts.statusCallbackUrl) form.set("StatusCallback", opts.statusCallbackUrl);
      let status: number;
      let text: string;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form.toString(),
          maxBytes: MAX_ANSWER_BYTES,
          timeoutMs,
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new SmsSendError(`Twilio could not be reached: ${reason}`, { code: null, httpStatus: null, permanent: false, optedOut: false });
      }
      const body = parse(text);
      if (status >= 200 && status < 300) {
        if (typeof body.sid === "string" && body.sid) return { sid: body.sid, status: typeof body.status === "string" ? body.status : "queued" };
        throw new SmsSendError(`Twilio answered ${status} without a message sid`, { code: null, httpStatus: status, permanent: false, optedOut: false });
      }
      const code = typeof body.code === "number" ? body.code : null;
      const reason = typeof body.message === "string" && body.message.trim() ? body.message.trim() : `HTTP ${status}`;
      throw new SmsSendError(code ? `Twilio error ${code}: ${reason}` : `Twilio answered ${status}: ${reason}`, {
        code,
        httpStatus: status,
        permanent: !transient(status),
        optedOut: code === TWILIO_UNSUBSCRIBED,
      });
    },
  };
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
