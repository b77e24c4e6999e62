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
 * Numbers are written as numbers. A phone number is written as the text
 * formula ="+1 (555) 010-0200", which spreadsheets show as written (not as a
 * number, not with a quote); only a value made of phone characters alone gets
 * that form, anything else is text under the rules above.
 */

/** What a cell may hold; phoneCell() marks a phone number. */
export type CsvValue = string | number | boolean | null | undefined | PhoneCell;

type PhoneCell = { readonly phone: string };

/** Text a spreadsheet reads as a formula: = + - @ first (also after spaces), or a leading tab or CR. */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;
/** A semicolon followed (after spaces or quotes) by a formula character: a field start in a semicolon locale. */
const FORMULA_AFTER_SEMICOLON = /;(?=[\s\u00a0"]*[=+\-@\uff1d\uff0b\uff0d\uff20])/g;
/** Characters that must be inside quotes: separators (comma, semicolon, tab), quotes and line breaks. */
const NEEDS_QUOTES = /[",;\t\r\n]/;
/** A phone number as callers' numbers are written: + or a digit or ( first, then digits, spaces, ( ) - . only, at most 40. */
const PHONE = /^\+?[0-9(][0-9 ().-]{2,38}$/;

/** A phone number cell: shown as written; a value that is not made of phone characters stays ordinary text. */
export function phoneCell(value: string | null | undefined): CsvValue {
  if (value === null || value === undefined) return value;
  return PHONE.test(value) && value.replace(/\D/g, "").length >= 3 ? { phone: value } : value;
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV cell; null and undefined are empty cells. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return quoted(`="${value.phone}"`);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return quoted(text.replace(FORMULA_AFTER_SEMICOLON, ";'"));
}

/** One CSV line, ended by CRLF (RFC 4180). */
export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
