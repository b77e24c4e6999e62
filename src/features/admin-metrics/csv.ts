import { csvRow } from "@/features/interactions/csv";
import { csvCellValue, csvHeader } from "./cells";
import type { Figure } from "./figures";

/** One figure's table as a CSV (RFC 4180, cells made inert by the shared csvRow): the same rows as the page's table view. */
export function figureCsv(figure: Figure): string {
  const header = figure.columns.map((c) => csvHeader(c.key, c.format));
  const withLink = figure.link !== undefined;
  const lines = [csvRow(withLink ? [...header, "bill_overage_url"] : header)];
  for (const row of figure.rows) {
    const cells = figure.columns.map((c) => csvCellValue(row[c.key] ?? null, c.format));
    lines.push(csvRow(withLink ? [...cells, row.href ?? null] : cells));
  }
  return lines.join("");
}
