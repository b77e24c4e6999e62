import "server-only";
import { config } from "@/lib/config";
import { outboxSmsSender } from "./outbox.server";
import type { SmsSender } from "./port";
import { twilioStatusCallbackUrl } from "./status-callback-url";
import { twilioSmsSender } from "./twilio.server";

/**
 * The SMS sender in use: Twilio when TWILIO_* are set (config() requires all
 * three together), else the embedded outbox. Twilio is asked for status
 * callbacks unless PUBLIC_BASE_URL is this machine, which Twilio cannot reach.
 */
export function smsSender(): SmsSender {
  const cfg = config();
  if (!cfg.smsEnabled || !cfg.TWILIO_ACCOUNT_SID || !cfg.TWILIO_AUTH_TOKEN || !cfg.TWILIO_FROM_NUMBER) return outboxSmsSender;
  return twilioSmsSender({
    accountSid: cfg.TWILIO_ACCOUNT_SID,
    authToken: cfg.TWILIO_AUTH_TOKEN,
    from: cfg.TWILIO_FROM_NUMBER,
    baseUrl: cfg.TWILIO_API_BASE_URL,
    statusCallbackUrl: cfg.baseUrlIsLoopback ? null : twilioStatusCallbackUrl(cfg.baseUrl),
  });
}
