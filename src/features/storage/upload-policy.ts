import { createHmac, timingSafeEqual } from "node:crypto";

/** Avatar upload rules (spec 5, 9): one image file of at most 5 MB. */
export const MAX_AVATAR_BYTES = 5_242_880;
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export const IMAGE_TYPES = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;

export function isImageType(value: string): value is ImageType {
  return Object.hasOwn(IMAGE_TYPES, value);
}

export const CONTENT_TYPE_BY_EXT: Record<string, ImageType> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" };

/** Object keys we create: avatars/<uuid>.<ext>. Anything else is refused (no path tricks). */
export const OBJECT_KEY_PATTERN = /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

/** Reads the image type from the first bytes of a file (magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export type UploadGrant = { key: string; contentType: ImageType; maxSize: number; expires: number };

function mac(secret: string, grant: UploadGrant): Buffer {
  return createHmac("sha256", secret)
    .update(`upload-v1\n${grant.key}\n${grant.expires}\n${grant.contentType}\n${grant.maxSize}`)
    .digest();
}

/** The signature of an upload grant (HMAC-SHA256 over key, expiry, type and size), base64url. */
export function signUpload(secret: string, grant: UploadGrant): string {
  return mac(secret, grant).toString("base64url");
}

/** The path and query of the signed PUT target for a grant. */
export function uploadPath(secret: string, grant: UploadGrant): string {
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
export function verifyUpload(secret: string, key: string, query: URLSearchParams, nowMs = Date.now()): VerifyResult {
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
