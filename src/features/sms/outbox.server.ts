import "server-only";
import type { SmsSender } from "./port";

/**
 * The embedded default (no TWILIO_*): nothing leaves the server. Messages
 * stay in `sms_messages` with status "outbox", read by admins at
 * /admin/sms-outbox; queueSms never enqueues a delivery for them, so this
 * only answers a delivery job that was queued while Twilio was configured.
 */
export const outboxSmsSender: SmsSender = {
  name: "outbox",
  async send(message) {
    return { sid: `outbox:${message.messageId}`, status: "outbox" };
  },
};
