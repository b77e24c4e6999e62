import "server-only";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { openSecret, sealSecret } from "@/lib/secrets";

const PURPOSE = "webhooks/endpoint-secret";

/** A new endpoint secret: "whsec_" and 32 random bytes in base64 (Standard Webhooks' format). */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The secret as stored (sealed under a key derived for this purpose only). */
export function sealEndpointSecret(plain: string): string {
  return sealSecret(PURPOSE, plain);
}

export function openEndpointSecret(sealed: string): string {
  return openSecret(PURPOSE, sealed);
}

/** The secrets a delivery is signed with now: the current one, and the previous one while it is still valid after a rotation. */
export function signingSecrets(row: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null }, now: Date): string[] {
  const out = [openEndpointSecret(row.secret)];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now.getTime()) out.push(openEndpointSecret(row.previousSecret));
  return out;
}

/**
 * The Standard Webhooks headers for one attempt: `webhook-id` (the event's
 * id, the same on every retry and resend), `webhook-timestamp` (seconds) and
 * `webhook-signature`, with one "v1,<base64>" per secret, space-separated.
 */
export function signedHeaders(eventId: string, body: string, secrets: string[], at: Date): Record<string, string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(eventId, at, body));
  return {
    "content-type": "application/json",
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}
