import { format } from "date-fns";

/** 'Nov 22 – Dec 22, 2026', or with both years when the period spans two. */
export function cycleLabel(start: Date, end: Date): string {
  if (start.getUTCFullYear() === end.getUTCFullYear()) {
    return `${fmt(start, "MMM d")} – ${fmt(end, "MMM d, yyyy")}`;
  }
  return `${fmt(start, "MMM d, yyyy")} – ${fmt(end, "MMM d, yyyy")}`;
}

/** Formats in UTC so server and client agree. */
function fmt(d: Date, pattern: string): string {
  const utc = new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return format(utc, pattern);
}
