import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The decision records of docs/decisions and their index (README.md): what the docs
 * tests check. A record is `NNNN-slug.md` with `# NNNN Title` and, near the top, a
 * status line: `Status: accepted`, `Status: accepted, amended by [NNNN](…) …` or
 * `Status: superseded by [NNNN](…) …` (a `- Status:` list item is read the same way).
 */

export type StatusKind = "accepted" | "superseded";

export type DecisionRecord = {
  number: string;
  file: string;
  /** The number in the `# NNNN Title` heading, null without one. */
  headingNumber: string | null;
  /** The text after `Status:`, null when the record has no status line near the top. */
  status: string | null;
};

export type IndexRow = { line: number; cells: string[]; number: string | null; linkedFile: string | null };

const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;
/** How far from the top the status line may be. */
const STATUS_WITHIN_LINES = 15;

export function readDecisionRecords(dir: string): DecisionRecord[] {
  return readdirSync(dir)
    .filter((name) => RECORD_FILE.test(name))
    .sort()
    .map((file) => {
      const lines = readFileSync(path.join(dir, file), "utf8").split("\n");
      const heading = /^#\s+(\d{4})\b/.exec(lines[0] ?? "");
      const statusLine = lines.slice(0, STATUS_WITHIN_LINES).find((l) => /^(?:- )?Status:/.test(l));
      return {
        number: RECORD_FILE.exec(file)![1]!,
        file,
        headingNumber: heading ? heading[1]! : null,
        status: statusLine ? statusLine.replace(/^(?:- )?Status:\s*/, "").trim() : null,
      };
    });
}

/** What a status says: accepted (perhaps amended) or superseded by which record; null when it is neither. */
export function parseStatus(status: string): { kind: StatusKind; by: string | null } | null {
  if (/^accepted\b/.test(status)) return { kind: "accepted", by: null };
  const superseded = /^superseded by \[?(\d{4})\b/.exec(status);
  return superseded ? { kind: "superseded", by: superseded[1]! } : null;
}

/** Splits a Markdown table row on its unescaped pipes. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** The index table's header cells and its rows (after the separator line). */
export function readIndex(readme: string): { header: string[]; rows: IndexRow[] } {
  const lines = readFileSync(readme, "utf8").split("\n");
  const start = lines.findIndex((l) => /^\|\s*Number\s*\|/.test(l));
  if (start < 0) throw new Error(`${readme}: no table with a Number column`);
  const rows: IndexRow[] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    const cells = cellsOf(lines[i]!);
    const link = /^\[(\d{4})\]\(([^)]+)\)$/.exec(cells[0] ?? "");
    const plain = /^(\d{4})$/.exec(cells[0] ?? "");
    rows.push({ line: i + 1, cells, number: link?.[1] ?? plain?.[1] ?? null, linkedFile: link?.[2] ?? null });
  }
  return { header: cellsOf(lines[start]!), rows };
}
