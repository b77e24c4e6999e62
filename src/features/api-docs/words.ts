/** Durations and lists as the docs say them: "5 seconds", "2 hours"; "a, b and c". */

export function durationWords(seconds: number): string {
  const units: [number, string][] = [
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  // A retry schedule reads in hours, "24 hours" rather than "1 day".
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return `${n} ${name}${n === 1 ? "" : "s"}`;
    }
  }
  return `${seconds} seconds`;
}

export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "5 days" from milliseconds (whole days), else hours. */
export function msWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds % 86_400 === 0 && seconds >= 86_400 * 2 ? `${seconds / 86_400} days` : durationWords(seconds);
}
