import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "@/lib/secrets";
import { OBJECT_KEY_PATTERN, isImageType, type ImageType } from "./upload-policy-shared";

export * from "./upload-policy-shared";

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export type UploadGrant = { key: string; contentType: ImageType; maxSize: number; expires: number };

/** The key upload URLs are signed with, derived from the signing secret. */
export function uploadSigningKey(): Buffer {
  return deriveKey("upload-url-v1");
}

function mac(secret: string | Buffer, grant: UploadGrant): Buffer {
  return createHmac("sha256", secret).update(`upload-v1\n${grant.key}\n${grant.expires}\n${grant.contentType}\n${grant.maxSize}`).digest();
}

/** The signature of an upload grant (HMAC-SHA256 over key, expiry, type and size), base64url. */
export function signUpload(secret: string | Buffer, grant: UploadGrant): string {
  return mac(secret, grant).toString("base64url");
}

/** The path and query of the signed PUT target for a grant. */
export function uploadPath(secret: string | Buffer, grant: UploadGrant): string {
  const q = new URLSearchParams({
    type: grant.contentType,
    max: String(grant.maxSize),
    expires: String(grant.expires),
    sig: signUpload(secret, grant),
  });
  return `/api/objects/put/${grant.key}?${q.toString()}`;
}

export type VerifyResult = { ok: true; grant: UploadGrant } | { ok: false; status: 403 | 404; message: string };

/** Checks a signed PUT URL: known key shape, untampered signature, not expired. */
export function verifyUpload(secret: string | Buffer, key: string, query: URLSearchParams, nowMs = Date.now()): VerifyResult {
  if (!OBJECT_KEY_PATTERN.test(key)) return { ok: false, status: 404, message: "Unknown upload target" };
  const contentType = query.get("type") ?? "";
  const maxSize = Number(query.get("max"));
  const expires = Number(query.get("expires"));
  const sig = query.get("sig") ?? "";
  if (!isImageType(contentType) || !Number.isSafeInteger(maxSize) || !Number.isSafeInteger(expires) || !sig) {
    return { ok: false, status: 403, message: "Invalid upload signature: the upload URL is incomplete or was changed. Ask for a new upload URL." };
  }
  const grant: UploadGrant = { key, contentType, maxSize, expires };
  const expected = mac(secret, grant);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 403, message: "Invalid upload signature: the upload URL is incomplete or was changed. Ask for a new upload URL." };
  }
  if (expires * 1000 < nowMs) return { ok: false, status: 403, message: "Request has expired" };
  return { ok: true, grant };
}
