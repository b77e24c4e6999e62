import "server-only";
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { config, type AppConfig } from "@/lib/config";
import { UPLOAD_URL_TTL_SECONDS } from "./upload-policy";

/**
 * The S3 adapter's calls to the bucket. The bucket stays private unless
 * S3_PUBLIC_BASE_URL is set (ADR 0092): uploads go straight to the bucket
 * through a presigned PUT, reads go through the app (/api/objects/<key>) or
 * through S3_PUBLIC_BASE_URL.
 */

type S3Config = Pick<AppConfig, "S3_ENDPOINT" | "S3_REGION" | "S3_BUCKET" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PUBLIC_BASE_URL" | "s3ForcePathStyle">;

const clients = new WeakMap<S3Config, S3Client>();

export function s3Client(cfg: S3Config = config()): S3Client {
  let client = clients.get(cfg);
  if (!client) {
    client = new S3Client({
      region: cfg.S3_REGION,
      endpoint: cfg.S3_ENDPOINT,
      forcePathStyle: cfg.s3ForcePathStyle,
      credentials: { accessKeyId: cfg.S3_ACCESS_KEY_ID ?? "", secretAccessKey: cfg.S3_SECRET_ACCESS_KEY ?? "" },
      // No SDK checksum on the presigned PUT: the browser sends the file as is.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 1,
    });
    clients.set(cfg, client);
  }
  return client;
}

/** The URL an avatar is stored under: S3_PUBLIC_BASE_URL/<key> when set, otherwise the app serves it. */
export function s3AvatarUrl(cfg: Pick<S3Config, "S3_PUBLIC_BASE_URL">, key: string): string {
  const base = cfg.S3_PUBLIC_BASE_URL?.replace(/\/+$/, "");
  return base ? `${base}/${key}` : `/api/objects/${key}`;
}

/** The object key an avatar URL points at in our storage, or null when it points elsewhere. */
export function s3KeyFromAvatarUrl(cfg: Pick<S3Config, "S3_PUBLIC_BASE_URL">, url: string): string | null {
  if (url.startsWith("/api/objects/")) return url.slice("/api/objects/".length);
  const base = cfg.S3_PUBLIC_BASE_URL?.replace(/\/+$/, "");
  if (base && url.startsWith(`${base}/`)) return url.slice(base.length + 1);
  return null;
}

/** A presigned PUT for exactly this key, content type and length (all three signed). */
export function s3PresignedPut(cfg: S3Config, key: string, contentType: string, size: number, expiresIn = UPLOAD_URL_TTL_SECONDS): Promise<string> {
  const command = new PutObjectCommand({ Bucket: cfg.S3_BUCKET!, Key: key, ContentType: contentType, ContentLength: size });
  return getSignedUrl(s3Client(cfg), command, { expiresIn, signableHeaders: new Set(["content-type", "content-length"]) });
}

export type S3ObjectInfo = { size: number; head: Uint8Array };

/** Size (HeadObject) and first bytes (ranged GetObject) of an object, or null when there is none. */
export async function s3InspectObject(key: string, firstBytes = 16): Promise<S3ObjectInfo | null> {
  const cfg = config();
  const client = s3Client(cfg);
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: cfg.S3_BUCKET!, Key: key }));
    const size = head.ContentLength ?? 0;
    if (size === 0) return { size, head: new Uint8Array() };
    const part = await client.send(new GetObjectCommand({ Bucket: cfg.S3_BUCKET!, Key: key, Range: `bytes=0-${firstBytes - 1}` }));
    const bytes = (await part.Body?.transformToByteArray()) ?? new Uint8Array();
    return { size, head: bytes.subarray(0, firstBytes) };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** Streams an object from the bucket, or null when there is none. */
export async function s3GetObject(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; lastModified: Date } | null> {
  const cfg = config();
  try {
    const out = await s3Client(cfg).send(new GetObjectCommand({ Bucket: cfg.S3_BUCKET!, Key: key }));
    if (!out.Body) return null;
    return { body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

export const S3_START_CHECK_TIMEOUT_MS = 5_000;

/**
 * Start check: the bucket answers HeadBucket with these credentials. Names the
 * variable to fix and why (unreachable endpoint, refused credentials, missing bucket).
 */
export async function s3StartCheck(cfg: S3Config & { s3Enabled: boolean } = config(), timeoutMs = S3_START_CHECK_TIMEOUT_MS): Promise<string | null> {
  if (!cfg.s3Enabled) return null;
  const where = cfg.S3_ENDPOINT ?? `AWS S3 (${cfg.S3_REGION})`;
  const tail = "Avatar uploads fail until this is fixed.";
  try {
    await s3Client(cfg).send(new HeadBucketCommand({ Bucket: cfg.S3_BUCKET! }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    return null;
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    if (status === 404 || e.name === "NotFound" || e.name === "NoSuchBucket") {
      return `S3_BUCKET: the bucket "${cfg.S3_BUCKET}" does not exist at ${where}. ${tail}`;
    }
    if (status === 403 || status === 401 || e.name === "Forbidden" || e.name === "InvalidAccessKeyId" || e.name === "SignatureDoesNotMatch") {
      return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: ${where} refused the credentials for bucket "${cfg.S3_BUCKET}" (HTTP ${status ?? "403"}: wrong key, or no permission on the bucket). ${tail}`;
    }
    if (e.name === "AbortError" || e.name === "TimeoutError") {
      return `S3_ENDPOINT: no answer from ${where} within ${timeoutMs / 1000} s. ${tail}`;
    }
    const reason = e.code ?? (e as { cause?: { code?: string } }).cause?.code ?? e.name ?? "error";
    return `S3_ENDPOINT: cannot reach ${where}: ${reason}${e.message && e.message !== reason ? ` (${e.message})` : ""}. ${tail}`;
  }
}
