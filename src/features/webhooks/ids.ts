import { randomBytes } from "node:crypto";

/** Crockford's base32 (no I, L, O, U), as ULIDs use it. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ULID-like id: 10 characters of milliseconds then 16 random ones (80
 * bits), so ids sort by the time they were made (ties in random order).
 */
export function sortableId(now: Date = new Date()): string {
  let time = now.getTime();
  let head = "";
  for (let i = 0; i < 10; i++) {
    head = ALPHABET[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const bytes = randomBytes(16);
  let tail = "";
  for (const b of bytes) tail += ALPHABET[b % 32];
  return head + tail;
}

/** An event's id: the `webhook-id` header of every attempt and resend of it. */
export const newEventId = (now?: Date) => `msg_${sortableId(now)}`;
export const newDeliveryId = (now?: Date) => `dlv_${sortableId(now)}`;
export const newAttemptId = (now?: Date) => `att_${sortableId(now)}`;
