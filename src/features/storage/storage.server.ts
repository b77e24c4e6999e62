import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { uploadedObjects } from "@/db/schema";
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
    const uploadURL = await s3PresignedPut(key, contentType, input.size);
    const base = (cfg.S3_PUBLIC_BASE_URL ?? `${cfg.S3_ENDPOINT ?? `https://${cfg.S3_BUCKET}.s3.${cfg.S3_REGION}.amazonaws.com`}`).replace(/\/$/, "");
    return { uploadURL, objectPath: `${base}/${key}`, method: "PUT", expiresAt: new Date(expires * 1000).toISOString(), maxSize: input.size, contentType };
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

async function s3PresignedPut(key: string, contentType: string, size: number): Promise<string> {
  const cfg = config();
  const [{ S3Client, PutObjectCommand }, { getSignedUrl }] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/s3-request-presigner")]);
  const client = new S3Client({
    region: cfg.S3_REGION,
    endpoint: cfg.S3_ENDPOINT,
    forcePathStyle: Boolean(cfg.S3_ENDPOINT),
    credentials: { accessKeyId: cfg.S3_ACCESS_KEY_ID!, secretAccessKey: cfg.S3_SECRET_ACCESS_KEY! },
  });
  const command = new PutObjectCommand({ Bucket: cfg.S3_BUCKET!, Key: key, ContentType: contentType, ContentLength: size });
  return getSignedUrl(client, command, {
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    signableHeaders: new Set(["content-type", "content-length"]),
  });
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
    const claimed = await tx
      .insert(uploadedObjects)
      .values({ key: grant.key, contentType: grant.contentType, size })
      .onConflictDoNothing()
      .returning({ key: uploadedObjects.key });
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
export async function readStoredObject(key: string): Promise<{ bytes: Buffer; contentType: ImageType; mtime: Date } | null> {
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
