"use client";
import { api, ApiError, isUnauthorizedError } from "@/lib/api-client";
import { IMAGE_TYPES, MAX_AVATAR_BYTES } from "./upload-policy-shared";

export type UploadResult = { objectPath: string };

export class UploadError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly stage: "url" | "put",
    /** The upload-URL request's ApiError (stage "url"). */
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = "UploadError";
  }
}

/** Checks a chosen file in the browser (the server checks again). Returns a problem or null. */
export function fileProblem(file: File): { title: string; description: string } | null {
  if (!Object.hasOwn(IMAGE_TYPES, file.type)) return { title: "Unsupported file type", description: "Choose a PNG, JPEG, WebP or GIF image." };
  if (file.size > MAX_AVATAR_BYTES) return { title: "File too large", description: "The avatar must be at most 5 MB." };
  if (file.size === 0) return { title: "Empty file", description: "The chosen file is empty." };
  return null;
}

type Ticket = { uploadURL: string; objectPath: string };

async function requestUploadUrl(file: File): Promise<Ticket> {
  try {
    return await api.post<Ticket>("/api/objects/upload", { fileName: file.name, contentType: file.type, size: file.size });
  } catch (err) {
    // A 401 stays an ApiError: the MutationCache's single 401 handler recognises it.
    if (isUnauthorizedError(err)) throw err;
    throw new UploadError((err as Error).message, err instanceof ApiError ? err.status : 0, "url", err);
  }
}

function putOnce(url: string, file: File, onProgress: (pct: number) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: "" });
    xhr.onabort = () => resolve({ status: 0, body: "" });
    xhr.send(file);
  });
}

function waitUntilOnline(): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The message of an error answer: our JSON `{ message }`, or an S3 XML `<Error><Message>`. */
function messageOf(body: string, fallback: string): string {
  const s3Message = /<Error>[\s\S]*<Message>([^<]*)<\/Message>/.exec(body)?.[1];
  if (s3Message) return s3Message;
  try {
    const parsed = JSON.parse(body) as { message?: string };
    return parsed.message || fallback;
  } catch {
    return body || fallback;
  }
}

/**
 * Uploads one file: asks for an upload URL, then a single PUT with progress.
 * Retries (spec 8) on 403 'Request has expired' and 409 'already been used'
 * (both with a fresh URL), other 409s, 429,
 * 5xx and network errors, up to 4 attempts with a growing pause, and waits
 * while the browser is offline. Other answers (413, 415, tampered 403) are
 * final: retrying cannot help.
 */
export async function uploadFile(file: File, onProgress: (pct: number) => void): Promise<UploadResult> {
  let ticket = await requestUploadUrl(file);
  let lastError = "Unknown error";
  for (let attempt = 1; attempt <= 4; attempt++) {
    await waitUntilOnline();
    onProgress(0);
    const { status, body } = await putOnce(ticket.uploadURL, file, onProgress);
    if (status >= 200 && status < 300) {
      onProgress(100);
      return { objectPath: ticket.objectPath };
    }
    if (status === 401) throw new ApiError(401, body, undefined, "Unauthorized");
    const message = status === 0 ? "Unknown error" : messageOf(body, "Non 2xx");
    lastError = message;
    // An expired or already used URL cannot succeed again: ask for a fresh one.
    const expired = (status === 403 && /Request has expired/.test(message)) || (status === 409 && /already been used/.test(message));
    const retryable = expired || status === 0 || status === 409 || status === 429 || status >= 500;
    if (!retryable || attempt === 4) throw new UploadError(message, status, "put");
    if (expired) ticket = await requestUploadUrl(file);
    else await sleep(500 * 2 ** (attempt - 1));
  }
  throw new UploadError(lastError, 0, "put");
}
