import { describe, expect, it } from "vitest";
import { csvCell, csvRow, phoneCell } from "./csv";

/**
 * The fields of one CSV line as a spreadsheet splits it on `separator`: a
 * quote counts only at the start of a field (then "" is a quote, and what
 * follows the closing quote up to the separator is kept as it is); elsewhere
 * it is an ordinary character.
 */
function fields(line: string, separator: "," | ";"): string[] {
  const out: string[] = [];
  let k = 0;
  for (;;) {
    let cell = "";
    if (line[k] === '"') {
      k++;
      while (k < line.length) {
        if (line[k] === '"' && line[k + 1] === '"') {
          cell += '"';
          k += 2;
        } else if (line[k] === '"') {
          k++;
          break;
        } else cell += line[k++];
      }
    }
    while (k < line.length && line[k] !== separator) cell += line[k++];
    out.push(cell);
    if (k >= line.length) return out;
    k++;
  }
}

/** What a spreadsheet runs as a formula: a field starting with = + - @. */
const runsAsFormula = (field: string) => /^[=+\-@]/.test(field);

describe("csvCell", () => {
  it.each([
    // Plain text and numbers as they are; null is empty.
    ["Booked a repair", "Booked a repair"],
    [0.15, "0.15"],
    [-2, "-2"],
    [null, ""],
    [undefined, ""],
    // Commas, semicolons, tabs, quotes and line breaks are quoted, quotes doubled (RFC 4180).
    ["a,b", '"a,b"'],
    ["a;b", '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line 1\nline 2", '"line 1\nline 2"'],
    ["cr\r", '"cr\r"'],
    // Formulas are neutralised: = + - @ first get a leading single quote,
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+15550100200", "'+15550100200"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    // and so do they after spaces, and a leading tab; elsewhere they are text.
    ["  =1+1", "'  =1+1"],
    ["\tx", '"\'\tx"'],
    ["a=b", "a=b"],
  ])("writes %j as %j", (value, cell) => expect(csvCell(value)).toBe(cell));

  it("a semicolon cannot start a formula in a semicolon locale: x;=cmd|' /C calc'!A0 is text in either reading", () => {
    const attack = "x;=cmd|' /C calc'!A0";
    const line = csvRow(["id-1", attack, "after"]).trimEnd();
    expect(line).toBe(`id-1,"x;'=cmd|' /C calc'!A0",after`);
    // Read with ',' the cell is one field; read with ';' (quotes count only at a field's start) no field starts a formula.
    expect(fields(line, ",")).toEqual(["id-1", "x;'=cmd|' /C calc'!A0", "after"]);
    expect(fields(line, ";").some(runsAsFormula)).toBe(false);
    for (const text of ['a;"=1+1"', "a; -2", "a;@SUM(A1)", "=1;=2"]) {
      for (const separator of [",", ";"] as const) expect(fields(csvRow(["id", text]).trimEnd(), separator).some(runsAsFormula)).toBe(false);
    }
    // An ordinary semicolon stays as it is.
    expect(csvCell("Mon; Tue")).toBe('"Mon; Tue"');
  });
});

describe("phoneCell", () => {
  it("writes a number of the account's country in national format: text in a spreadsheet, never 1.555E+10 or a formula", () => {
    expect(csvCell(phoneCell("+15550102299", "US"))).toBe("(555) 010-2299");
    expect(csvCell(phoneCell("+12125550100", "US"))).toBe("(212) 555-0100");
    expect(fields(csvRow(["a", phoneCell("+15550102299", "US")]).trimEnd(), ",")).toEqual(["a", "(555) 010-2299"]);
    expect(csvCell(phoneCell("+442079460958", "GB"))).toBe("020 7946 0958");
    expect(csvCell(phoneCell(null, "US"))).toBe("");
  });

  it("writes another country's number internationally, with the formula guard in front of its +", () => {
    expect(csvCell(phoneCell("+442079460958", "US"))).toBe("'+44 20 7946 0958");
    for (const separator of [",", ";"] as const) expect(fields(csvRow(["a", phoneCell("+442079460958", "US")]).trimEnd(), separator).some(runsAsFormula)).toBe(false);
  });

  it("never lets other text run: an attacker's 'number' is neutralised text", () => {
    for (const attack of ["+1\"&cmd|' /C calc'!A0&\"", "=cmd|' /C calc'!A0", "+1;=1+1", "anonymous", "+1\n=2", "@SUM(A1)"]) {
      for (const separator of [",", ";"] as const) {
        expect(fields(csvRow(["a", phoneCell(attack, "US")]).trimEnd(), separator).some(runsAsFormula)).toBe(false);
      }
    }
    expect(csvCell(phoneCell("anonymous", "US"))).toBe("anonymous");
  });
});

describe("csvRow", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRow(["id", 1, null, "a,b"])).toBe('id,1,,"a,b"\r\n');
  });
});
