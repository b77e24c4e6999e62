import { formatPhone } from "@/lib/phone-format";

/**
 * CSV for spreadsheets (RFC 4180, ADR 0105). Every cell that a spreadsheet
 * could split or run is made inert:
 * - quoted when it holds a comma, a semicolon (the separator of locales that
 *   use a decimal comma), a quote, a tab, CR or LF; quotes are doubled;
 * - text that a spreadsheet would read as a formula (= + - @ first, also
 *   after leading spaces, or a leading tab or CR) gets a leading single quote;
 * - so does every part after a semicolon inside a cell: a spreadsheet in a
 *   semicolon locale splits the line there (quotes only count at the start
 *   of what it takes as a field), so `x;=cmd|…` is written `x;'=cmd|…`.
 * Numbers are written as numbers. A phone number is written as people of
 * the account's country write it (ADR 0118): national format for a number of
 * that country, "(555) 010-0200", which every spreadsheet keeps as text (not
 * 1.555E+10, not a formula); a number from elsewhere in international format
 * "+44 20 7946 0958", which the formula rule above writes '+44 20 7946 0958.
 */

/** What a cell may hold. */
export type CsvValue = string | number | boolean | null | undefined;

/** Text a spreadsheet reads as a formula: = + - @ first (also after spaces), or a leading tab or CR. */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;
/** A semicolon followed (after spaces or quotes) by a formula character: a field start in a semicolon locale. */
const FORMULA_AFTER_SEMICOLON = /;(?=[\s\u00a0"]*[=+\-@\uff1d\uff0b\uff0d\uff20])/g;
/** Characters that must be inside quotes: separators (comma, semicolon, tab), quotes and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A phone number cell for the account's `country` (ISO 3166): its national
 * format, or the international one for another country's number; a national
 * format of digits alone (a spreadsheet would read it as a number and drop a
 * leading 0) is written internationally. Text that is no phone number stays
 * as given; csvCell() makes all of it inert.
 */
export function phoneCell(value: string | null | undefined, country: string): CsvValue {
  if (value === null || value === undefined || value === "") return value;
  const shown = formatPhone(value, country);
  return /^\d+$/.test(shown) ? formatPhone(value, country, { international: true }) : shown;
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV cell; null and undefined are empty cells. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return quoted(text.replace(FORMULA_AFTER_SEMICOLON, ";'"));
}

/** One CSV line, ended by CRLF (RFC 4180). */
export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
