import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { uploadedObjects } from "@/db/schema";
import { s3AvatarUrl, s3GetObject, s3InspectObject, s3KeyFromAvatarUrl, s3PresignedPut } from "./s3.server";
import { HttpError } from "@/lib/http/errors";
import {
  CONTENT_TYPE_BY_EXT,
  IMAGE_TYPES,
  MAX_AVATAR_BYTES,
  OBJECT_KEY_PATTERN,
  UPLOAD_URL_TTL_SECONDS,
  isImageType,
  sniffImageType,
  uploadPath,
  uploadSigningKey,
  type ImageType,
  type UploadGrant,
} from "./upload-policy";

/**
 * The storage port: hands out a one-file upload URL for an avatar and says
 * where the file will be served. Production: an S3-compatible bucket
 * (presigned PUT, content type and length bound in the signature).
 * Embedded default: local disk under UPLOAD_DIR behind an HMAC-signed,
 * expiring PUT URL of this app, served back at /api/objects/<key>.
 */
export type UploadTicket = { uploadURL: string; objectPath: string; method: "PUT"; expiresAt: string; maxSize: number; contentType: ImageType };

export const TOO_LARGE_MESSAGE = "File too large: the avatar must be at most 5 MB.";
export const WRONG_TYPE_MESSAGE = "Unsupported file type: upload a PNG, JPEG, WebP or GIF image.";

/** Checks the declared file before any URL is handed out (the PUT checks again). */
export function checkDeclaredFile(input: { contentType: string; size: number }): ImageType {
  if (!isImageType(input.contentType)) throw new HttpError(415, WRONG_TYPE_MESSAGE);
  if (input.size > MAX_AVATAR_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
  if (input.size < 1) throw new HttpError(400, "The file is empty.");
  return input.contentType;
}

export async function createAvatarUpload(input: { contentType: string; size: number }): Promise<UploadTicket> {
  const contentType = checkDeclaredFile(input);
  const key = `avatars/${randomUUID()}.${IMAGE_TYPES[contentType]}`;
  const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
  const cfg = config();
  if (cfg.s3Enabled) {
    const uploadURL = await s3PresignedPut(cfg, key, contentType, input.size);
    return { uploadURL, objectPath: s3AvatarUrl(cfg, key), method: "PUT", expiresAt: new Date(expires * 1000).toISOString(), maxSize: input.size, contentType };
  }
  const grant: UploadGrant = { key, contentType, maxSize: input.size, expires };
  return {
    uploadURL: uploadPath(uploadSigningKey(), grant),
    objectPath: `/api/objects/${key}`,
    method: "PUT",
    expiresAt: new Date(expires * 1000).toISOString(),
    maxSize: input.size,
    contentType,
  };
}

function filePath(key: string): string {
  if (!OBJECT_KEY_PATTERN.test(key)) throw new HttpError(404, "Not found");
  const root = path.resolve(config().uploadDir);
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new HttpError(404, "Not found");
  return full;
}

/**
 * Reads the PUT body with a byte limit, checks the bytes are the signed image
 * type, and stores the file (write to a temporary name, then rename, so a
 * reader never sees half a file). Each signed URL stores its object once.
 */
export async function storeUpload(grant: UploadGrant, req: Request): Promise<{ size: number }> {
  const declared = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (declared !== grant.contentType) {
    throw new HttpError(415, `Content-Type must be ${grant.contentType}, as signed in the upload URL.`);
  }
  const length = req.headers.get("content-length");
  if (length !== null && Number(length) > grant.maxSize) {
    throw new HttpError(413, grant.maxSize >= MAX_AVATAR_BYTES ? TOO_LARGE_MESSAGE : `File too large: this upload URL allows at most ${grant.maxSize} bytes.`);
  }
  if (!req.body) throw new HttpError(400, "The file is empty.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > grant.maxSize) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, grant.maxSize >= MAX_AVATAR_BYTES ? TOO_LARGE_MESSAGE : `File too large: this upload URL allows at most ${grant.maxSize} bytes.`);
    }
    chunks.push(value);
  }
  if (size === 0) throw new HttpError(400, "The file is empty.");
  const bytes = Buffer.concat(chunks);
  const actual = sniffImageType(bytes.subarray(0, 16));
  if (actual === null) throw new HttpError(415, "The file is not an image: its content is not PNG, JPEG, WebP or GIF.");
  if (actual !== grant.contentType) throw new HttpError(415, `The file content is ${actual}, but the upload URL was signed for ${grant.contentType}.`);
  const target = filePath(grant.key);
  // Claim the key and write the file in one transaction: a second PUT of the
  // same URL (or a concurrent one) finds the key taken and is refused.
  const db = await getDb();
  await db.transaction(async (tx) => {
    const claimed = await tx.insert(uploadedObjects).values({ key: grant.key, contentType: grant.contentType, size }).onConflictDoNothing().returning({ key: uploadedObjects.key });
    if (claimed.length === 0) throw new HttpError(409, UPLOAD_USED_MESSAGE);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, target);
  });
  return { size };
}

export const UPLOAD_USED_MESSAGE = "This upload URL has already been used. Ask for a new upload URL.";

/** Reads a stored object for serving, or null when there is none. */
async function readStoredObject(key: string): Promise<{ bytes: Buffer; contentType: ImageType; mtime: Date } | null> {
  if (!OBJECT_KEY_PATTERN.test(key)) return null;
  const full = filePath(key);
  try {
    const info = await stat(full);
    const bytes = await readFile(full);
    const ext = key.slice(key.lastIndexOf(".") + 1);
    return { bytes, contentType: CONTENT_TYPE_BY_EXT[ext]!, mtime: info.mtime };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

const STORAGE_DOWN_MESSAGE = "Storage is unavailable: try again in a minute.";

export type ServedObject = { body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>; size: number; contentType: ImageType; mtime: Date };

/** An avatar to serve at /api/objects/<key>: from the bucket when S3 is on, else from local disk. */
export async function openStoredObject(key: string): Promise<ServedObject | null> {
  if (!OBJECT_KEY_PATTERN.test(key)) return null;
  const contentType = CONTENT_TYPE_BY_EXT[key.slice(key.lastIndexOf(".") + 1)]!;
  if (config().s3Enabled) {
    const object = await s3GetObject(key).catch(() => {
      throw new HttpError(503, STORAGE_DOWN_MESSAGE);
    });
    return object && { body: object.body, size: object.size, contentType, mtime: object.lastModified };
  }
  const local = await readStoredObject(key);
  return local && { body: new Uint8Array(local.bytes), size: local.bytes.byteLength, contentType, mtime: local.mtime };
}

export const FOREIGN_AVATAR_MESSAGE = "Invalid Avatar: the image is not in our storage. Upload the avatar with the upload button.";
export const MISSING_AVATAR_MESSAGE = "Invalid Avatar: the uploaded image was not found in storage. Upload the avatar again.";

/**
 * Before an avatar URL is attached to an order (S3 adapter): it must point at
 * our own storage, and the stored bytes must be an image of the type its key
 * names, at most MAX_AVATAR_BYTES (HeadObject + ranged GetObject). The local
 * adapter checks the same when the file is PUT, so it needs nothing here.
 */
export async function checkAvatarForOrder(url: string | null): Promise<void> {
  const cfg = config();
  if (url === null || !cfg.s3Enabled) return;
  const key = s3KeyFromAvatarUrl(cfg, url);
  if (key === null || !OBJECT_KEY_PATTERN.test(key)) throw new HttpError(400, FOREIGN_AVATAR_MESSAGE);
  let info: Awaited<ReturnType<typeof s3InspectObject>>;
  try {
    info = await s3InspectObject(key);
  } catch {
    throw new HttpError(503, STORAGE_DOWN_MESSAGE);
  }
  if (info === null) throw new HttpError(400, MISSING_AVATAR_MESSAGE);
  if (info.size > MAX_AVATAR_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
  if (info.size === 0) throw new HttpError(400, "Invalid Avatar: the uploaded file is empty.");
  const actual = sniffImageType(Buffer.from(info.head));
  const expected = CONTENT_TYPE_BY_EXT[key.slice(key.lastIndexOf(".") + 1)];
  if (actual === null) throw new HttpError(415, "Invalid Avatar: the uploaded file is not an image (its content is not PNG, JPEG, WebP or GIF).");
  if (actual !== expected) throw new HttpError(415, `Invalid Avatar: the uploaded file content is ${actual}, but it was uploaded as ${expected}.`);
}
