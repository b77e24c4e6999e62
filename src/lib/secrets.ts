import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";

/**
 * The one signing secret, and every key derived from it. There is no
 * built-in secret: AUTH_SECRET when set, otherwise a random secret generated
 * on the first start into DATA_DIR/auth-secret (mode 0600) and reused later.
 * Keys for other purposes (upload URLs, the sandbox webhook) are derived with
 * HKDF, so none can be computed from the source and none equals another.
 */
export const SECRET_FILE_NAME = "auth-secret";

let cached: string | undefined;

export function authSecret(): string {
  cached ??= config().AUTH_SECRET ?? loadOrCreateSecretFile(config().dataDir);
  return cached;
}

/** Reads DATA_DIR/auth-secret, creating it (0600) with 48 random bytes when absent. */
export function loadOrCreateSecretFile(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE_NAME);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": never overwrite a secret another process wrote a moment ago.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw err;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** A 32-byte key for one purpose, derived from the signing secret (HKDF-SHA256). */
export function deriveKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "ai-employees", purpose, 32));
}

/** Tests only: forget the cached secret after changing the environment. */
export function resetSecretForTests(): void {
  cached = undefined;
}

/**
 * A secret at rest (an API key a customer gave us, a webhook signing secret):
 * AES-256-GCM under a key derived for `purpose` only. Stored as
 * "iv.tag.data" (base64url).
 */
export function sealSecret(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(purpose), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

/** The plain text of a sealSecret() value for the same purpose; throws when it is malformed or was sealed for another purpose. */
export function openSecret(purpose: string, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !data) throw new Error(`${purpose}: stored value is malformed`);
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(purpose), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}
