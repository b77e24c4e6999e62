import "server-only";
import type { DbOrTx } from "@/lib/db";

export type OutgoingSms = { accountId: string | null; to: string; body: string; kind: string };

/**
 * The SMS port's entry, like queueEmail: stores the message in
 * `sms_messages` inside `tx` and, with Twilio configured, enqueues its
 * delivery job in the same transaction (startAfter `sendAfter`, for quiet
 * hours). Without Twilio the row stays in the outbox. A number that replied
 * STOP (sms_opt_outs) gets a row with status `opted_out` and no job. `key`
 * makes the call idempotent. The body is cut to MAX_SMS_LENGTH.
 *
 * STUB (groundwork): built by the SMS helper.
 */
export async function queueSms(tx: DbOrTx, message: OutgoingSms, opts: { key?: string; sendAfter?: Date } = {}): Promise<{ id: string; status: string; created: boolean }> {
  void tx;
  void message;
  void opts;
  throw new Error("not built");
}
