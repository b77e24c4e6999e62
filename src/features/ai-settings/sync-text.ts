import { formatDateTime } from "@/lib/format";
import { localDate } from "./preview-time";
import type { SyncStatus } from "./settings-response";

/** "10:42" in `timeZone`, with the date before it when that is not today there ("Nov 2, 2026 10:42"). */
export function timeOrDateTime(iso: string, timeZone: string, now: Date): string {
  const at = new Date(iso);
  const full = formatDateTime(at, { timeZone });
  return localDate(at, timeZone) === localDate(now, timeZone) ? full.slice(full.lastIndexOf(" ") + 1) : full;
}

/** Whole minutes until `iso`, at least 1. */
export function minutesUntil(iso: string, now: Date): number {
  return Math.max(1, Math.ceil((new Date(iso).getTime() - now.getTime()) / 60_000));
}

/**
 * The settings page's sync line: "Live since 10:42", "Updating…", or
 * "Could not update: <the platform's reason>. Retrying in 5 min".
 */
export function syncText(sync: SyncStatus, displayTimeZone: string, now: Date = new Date()): string {
  if (sync.state === "updating") return "Updating…";
  if (sync.state === "live") return sync.liveSince ? `Live since ${timeOrDateTime(sync.liveSince, displayTimeZone, now)}` : "Live";
  const reason = (sync.error ?? "the voice platform did not answer").trim().replace(/[.\s]+$/, "");
  const retry = sync.nextRetryAt ? ` Retrying in ${minutesUntil(sync.nextRetryAt, now)} min` : "";
  return `Could not update: ${reason}.${retry}`;
}
