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
import { outboundFetch } from "@/lib/http/outbound-fetch";
import { findOutboundError, type OutboundFailure } from "@/lib/http/outbound-errors";
import { logger } from "@/lib/logger";

/** The demo recordings the app serves itself (public/recordings, made by scripts/make-sample-recordings.mjs). */
const OWN_RECORDING = /^\/recordings\/([A-Za-z0-9_-][A-Za-z0-9._-]{0,100}\.wav)$/;
/**
 * One answer relayed from the platform's server: at most this many bytes and
 * this long, the body included (a player asks again with a Range to go on).
 */
const RECORDING_MAX_BYTES = 50 * 1024 * 1024;
const RECORDING_TIMEOUT_MS = 30_000;

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
 * the app's own demo files (a URL on PUBLIC_BASE_URL's host) are read from
 * public/recordings and never fetched, so the quick start needs no
 * OUTBOUND_ALLOW_HOSTS; any other URL goes through the guarded outbound
 * fetch and is streamed through with its content type, which must be audio.
 * A `Range` header is honoured, so players can seek.
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

/** Why a recording stored elsewhere could not be relayed, in the caller's words. */
const UPSTREAM_FAILURE: Record<OutboundFailure, string> = {
  blocked: "The recording is stored at an address this server does not fetch from",
  scheme: "The recording is stored at an address this server does not fetch from",
  redirects: "The recording server redirected too often",
  too_large: `The recording is larger than this server relays (${RECORDING_MAX_BYTES / (1024 * 1024)} MB at a time)`,
  timeout: "The recording server did not answer in time",
  unreachable: "The recording server could not be reached",
};

/**
 * A recording on the voice platform's server, through the guarded outbound
 * fetch (src/lib/http/outbound-fetch.ts: public addresses only, redirects
 * checked, bytes and total time capped). A refusal or failure is a 502 (504
 * for a timeout) with a message saying which; a cap reached mid-stream cuts
 * the stream, and players ask again with a Range.
 */
async function upstreamRecording(url: URL, range: string | null): Promise<Response> {
  let res: Response;
  try {
    res = await outboundFetch(url, { headers: range ? { range } : {}, maxBytes: RECORDING_MAX_BYTES, timeoutMs: RECORDING_TIMEOUT_MS });
  } catch (err) {
    const failed = findOutboundError(err);
    logger.warn({ failure: failed?.failure ?? "unknown", reason: (err as Error)?.message, host: url.host }, "recording not relayed");
    return errorResponse(failed?.gatewayStatus ?? 502, UPSTREAM_FAILURE[failed?.failure ?? "unreachable"]);
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
  // A body the fetch decoded (despite asking for identity) no longer has the length it was sent with.
  const decoded = !/^(identity)?$/i.test(res.headers.get("content-encoding")?.trim() ?? "");
  for (const h of decoded ? ["accept-ranges"] : ["content-length", "content-range", "accept-ranges"]) {
    const v = res.headers.get(h);
    if (v) headers[h] = v;
  }
  return new Response(res.body, { status: res.status, headers });
}
