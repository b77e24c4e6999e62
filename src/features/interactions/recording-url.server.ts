import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/lib/secrets";

/** How long a recording link in the call log's detail view works. */
export const RECORDING_URL_TTL_SECONDS = 15 * 60;

function mac(id: string, expires: number): Buffer {
  return createHmac("sha256", deriveKey("recording-url-v1")).update(`recording-v1\n${id}\n${expires}`).digest();
}

/**
 * The same-origin address of a record's recording, signed (HMAC-SHA256 of the
 * record id and the expiry, with a key derived from the signing secret) and
 * valid 15 minutes: `/api/interactions/<id>/recording?expires=<unix>&sig=<mac>`.
 * The signature is the authorization, so an <audio> element can load it.
 */
export function signedRecordingPath(id: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + RECORDING_URL_TTL_SECONDS;
  const q = new URLSearchParams({ expires: String(expires), sig: mac(id, expires).toString("base64url") });
  return `/api/interactions/${encodeURIComponent(id)}/recording?${q.toString()}`;
}

/** True when `query` carries an untampered signature for this record that has not expired. */
export function verifyRecordingSignature(id: string, query: URLSearchParams, nowMs = Date.now()): boolean {
  const rawExpires = query.get("expires") ?? "";
  const sig = query.get("sig") ?? "";
  if (!/^\d{1,12}$/.test(rawExpires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expires = Number(rawExpires);
  const expected = mac(id, expires);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return expires * 1000 >= nowMs;
}
