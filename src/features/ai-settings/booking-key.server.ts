import "server-only";
import { openSecret, sealSecret } from "@/lib/secrets";

/**
 * The Cal.com API key at rest: AES-256-GCM under a key derived from the
 * signing secret for this purpose only. Stored as "iv.tag.data" (base64url);
 * shown only as its last four characters; decrypted only to build the
 * voice platform's booking tools.
 */
const PURPOSE = "ai-settings/booking-key";

export function encryptBookingKey(plain: string): { ciphertext: string; last4: string } {
  return { ciphertext: sealSecret(PURPOSE, plain), last4: plain.slice(-4) };
}

export function decryptBookingKey(ciphertext: string): string {
  return openSecret(PURPOSE, ciphertext);
}

/** "••••1a2b" for a stored key, null for none. */
export function maskBookingKey(last4: string | null): string | null {
  return last4 ? `••••${last4}` : null;
}
