/** Characters that make a spreadsheet read a cell as a formula (and tab/CR, which some read the same way). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, CR or LF,
 * with quotes doubled. A text starting with = + - @ gets a leading single
 * quote first, so a spreadsheet shows it instead of running it as a formula
 * (CSV injection). null and undefined are empty cells.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ended by CRLF (RFC 4180). */
export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
