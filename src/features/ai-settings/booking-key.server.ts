import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "@/lib/secrets";

/**
 * The Cal.com API key at rest: AES-256-GCM under a key derived from the
 * signing secret for this purpose only. Stored as "iv.tag.data" (base64url);
 * shown only as its last four characters; decrypted only to build the
 * voice platform's booking tools.
 */
const PURPOSE = "ai-settings/booking-key";

export function encryptBookingKey(plain: string): { ciphertext: string; last4: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(PURPOSE), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return { ciphertext: [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join("."), last4: plain.slice(-4) };
}

export function decryptBookingKey(ciphertext: string): string {
  const [iv, tag, data] = ciphertext.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !data) throw new Error("booking key: stored value is malformed");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(PURPOSE), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** "••••1a2b" for a stored key, null for none. */
export function maskBookingKey(last4: string | null): string | null {
  return last4 ? `••••${last4}` : null;
}
