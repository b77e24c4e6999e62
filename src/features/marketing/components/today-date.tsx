"use client";
import { useSyncExternalStore } from "react";
import { formatDate } from "@/lib/format";

const never = () => () => {};
const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * Today's date (UTC, 'May 4, 2026'). The page is prerendered, so its HTML holds
 * the day it was rendered (`rendered`); the browser shows today's date as soon
 * as it hydrates, with no mismatch warning (the server snapshot is `rendered`).
 */
export function TodayDate({ rendered }: { rendered: string }) {
  const iso = useSyncExternalStore(never, todayIso, () => rendered);
  return <time dateTime={iso}>{formatDate(`${iso}T12:00:00Z`, { style: "long" })}</time>;
}
