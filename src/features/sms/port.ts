/**
 * The SMS port (issue 25): how the product sends a text message. The Twilio
 * adapter (twilio.server.ts) uses the Messages API; without TWILIO_* the
 * embedded default keeps every message in the SMS outbox admins read at
 * /admin/sms-outbox.
 */
export type SmsToSend = {
  /** E.164. */
  to: string;
  body: string;
  /** Our message id: the idempotency of a repeated attempt. */
  messageId: string;
};

export type SmsAccepted = { sid: string; status: string };

/** Why a send failed: Twilio's error code and text; `permanent` ends the retries; `optedOut` (21610) means the number replied STOP. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly info: { code: number | null; httpStatus: number | null; permanent: boolean; optedOut: boolean },
  ) {
    super(message);
    this.name = "SmsSendError";
  }
}

export interface SmsSender {
  readonly name: "twilio" | "outbox";
  send(message: SmsToSend): Promise<SmsAccepted>;
}

/** The longest notification text (two SMS segments). */
export const MAX_SMS_LENGTH = 320;
