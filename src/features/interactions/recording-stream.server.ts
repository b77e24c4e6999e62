import "server-only";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { interactions } from "@/db/schema";
import { errorResponse } from "@/lib/http/errors";

/** The demo recordings the app serves itself (public/recordings, made by scripts/make-sample-recordings.mjs). */
const OWN_RECORDING = /^\/recordings\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,100}\.wav)$/;
/** How long the platform's server may take to start answering. */
const UPSTREAM_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** Nothing in an audio answer may run, and it is never read as anything but audio. */
const AUDIO_HEADERS = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox" };

/** The audio of record `id` (the caller showed a signed link for it): 404 when it has no recording (or retention removed it). */
export async function recordingAudio(id: string, range: string | null): Promise<Response> {
  const db = await getDb();
  const [row] = await db.select({ url: interactions.recordingUrl }).from(interactions).where(eq(interactions.id, id)).limit(1);
  if (!row?.url) return errorResponse(404, "Recording not found");
  return recordingResponse(row.url, range);
}

/**
 * The audio of a record's stored recording URL (never any other address):
 * the app's own demo files are read from public/recordings; any other https
 * URL is fetched and streamed through with its content type, which must be
 * audio. A `Range` header is honoured, so players can seek.
 */
async function recordingResponse(storedUrl: string, range: string | null): Promise<Response> {
  let url: URL;
  try {
    url = new URL(storedUrl);
  } catch {
    return errorResponse(404, "Recording not found");
  }
  if (url.host === new URL(config().baseUrl).host) {
    const name = OWN_RECORDING.exec(url.pathname)?.[1];
    return name ? ownRecording(name, range) : errorResponse(404, "Recording not found");
  }
  return upstreamRecording(url, range);
}

async function ownRecording(name: string, range: string | null): Promise<Response> {
  const file = path.join(process.cwd(), "public", "recordings", name);
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return errorResponse(404, "Recording not found");
    size = info.size;
  } catch {
    return errorResponse(404, "Recording not found");
  }
  const headers: Record<string, string> = { ...AUDIO_HEADERS, "Content-Type": "audio/wav", "Accept-Ranges": "bytes" };
  const wanted = byteRange(range, size);
  if (wanted === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const { start, end } = wanted ?? { start: 0, end: size - 1 };
  const body = size === 0 ? null : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  headers["Content-Length"] = String(size === 0 ? 0 : end - start + 1);
  if (wanted) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  return new Response(body, { status: wanted ? 206 : 200, headers });
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`; null to send the whole file. */
function byteRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** A host we never fetch from: this machine or a private network, written as such. */
function privateHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost") || h === "::1" || h === "::" || /^f[cd][0-9a-f]{2}:/.test(h) || /^fe80:/.test(h)) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (!v4) return false;
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

async function upstreamRecording(first: URL, range: string | null): Promise<Response> {
  let url = first;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPSTREAM_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "https:" || privateHost(url.hostname)) return errorResponse(502, "The recording is not available");
      const res = await fetch(url, { headers: range ? { range } : {}, redirect: "manual", signal: controller.signal });
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location && hop < MAX_REDIRECTS) {
        await res.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel();
        return errorResponse(404, "Recording not found");
      }
      const type = res.headers.get("content-type") ?? "";
      if ((res.status !== 200 && res.status !== 206 && res.status !== 416) || !res.body || (res.status !== 416 && !/^audio\/[a-z0-9.+-]+/i.test(type))) {
        await res.body?.cancel();
        return errorResponse(502, "The recording is not available");
      }
      const headers: Record<string, string> = { ...AUDIO_HEADERS };
      if (type) headers["Content-Type"] = type;
      for (const h of ["content-length", "content-range", "accept-ranges"]) {
        const v = res.headers.get(h);
        if (v) headers[h] = v;
      }
      return new Response(res.body, { status: res.status, headers });
    }
  } catch {
    return errorResponse(502, "The recording is not available");
  } finally {
    // Only the wait for the answer is limited; the audio itself may take as long as it takes.
    clearTimeout(timer);
  }
}
