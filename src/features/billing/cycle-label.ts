// Formats in UTC (the @/lib/format default) so server and client agree.
import { formatDate } from "@/lib/format";

/** 'Nov 22 – Dec 22, 2026', or with both years when the period spans two. */
export function cycleLabel(start: Date, end: Date): string {
  if (start.getUTCFullYear() === end.getUTCFullYear()) {
    return `${formatDate(start, { style: "monthDay" })} – ${formatDate(end)}`;
  }
  return `${formatDate(start)} – ${formatDate(end)}`;
}
