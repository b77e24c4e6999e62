import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseStatus, readDecisionRecords, readIndex } from "./decision-records";

/** docs/decisions: every record has a status line and a row in the index, and the index agrees with it. */

const DECISIONS = path.resolve(import.meta.dirname, "../docs/decisions");
const INDEX = path.join(DECISIONS, "README.md");
const records = readDecisionRecords(DECISIONS);
const index = readIndex(INDEX);

describe("decision records", () => {
  it("are there to check", () => {
    expect(records.length).toBeGreaterThan(100);
  });

  it("each have a Status line near the top: accepted, or superseded by NNNN", () => {
    const without = records.filter((r) => r.status === null).map((r) => r.file);
    expect(without, "records without a `Status:` line in their first 15 lines").toEqual([]);
    const unreadable = records.filter((r) => r.status !== null && parseStatus(r.status) === null).map((r) => `${r.file}: ${r.status}`);
    expect(unreadable, "a status must start with `accepted` or `superseded by NNNN`").toEqual([]);
  });

  it("are never superseded by themselves", () => {
    const selfSuperseded = records.filter((r) => r.status && parseStatus(r.status)?.by === r.number).map((r) => r.file);
    expect(selfSuperseded).toEqual([]);
  });

  it("each have one number, written in the file name and the heading, used by no other record", () => {
    const mismatched = records.filter((r) => r.headingNumber !== r.number).map((r) => r.file);
    expect(mismatched, "records whose `# NNNN Title` does not start with the file's number").toEqual([]);
    const numbers = records.map((r) => r.number);
    const repeated = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    expect(repeated, "numbers used by two records").toEqual([]);
  });
});

describe("the decision index (docs/decisions/README.md)", () => {
  it("has a Status column", () => {
    expect(index.header).toEqual(["Number", "Title", "Date", "Status", "In one line"]);
  });

  it("has rows of five cells (a `|` inside a cell must be written `\\|`)", () => {
    const bad = index.rows.filter((r) => r.cells.length !== index.header.length).map((r) => `line ${r.line}: ${r.cells.length} cells`);
    expect(bad).toEqual([]);
  });

  it("lists every record once, linked to its file", () => {
    const linked = index.rows.map((r) => r.linkedFile).filter((f): f is string => f !== null);
    const missing = records.filter((r) => !linked.includes(r.file)).map((r) => r.file);
    expect(missing, "records without a row in the index").toEqual([]);
    const twice = linked.filter((f, i) => linked.indexOf(f) !== i);
    expect(twice, "records listed twice").toEqual([]);
  });

  it("numbers each row as its record, in order", () => {
    const wrong = index.rows.filter((r) => r.number === null || (r.linkedFile !== null && !r.linkedFile.startsWith(`${r.number}-`)));
    expect(wrong.map((r) => `line ${r.line}: ${r.cells[0]}`)).toEqual([]);
    const numbers = index.rows.map((r) => r.number ?? "");
    expect(numbers).toEqual([...numbers].sort());
  });

  it("says for a number without a file where its text went (the spec notes)", () => {
    const unlinked = index.rows.filter((r) => r.linkedFile === null);
    const unexplained = unlinked.filter((r) => !/^moved to \[[^\]]+\]\(\.\.\/spec-notes\.md#[a-z0-9-]+\)$/.test(r.cells[3] ?? ""));
    expect(unexplained.map((r) => `line ${r.line}: ${r.cells[3]}`)).toEqual([]);
  });

  it("shows each record's status: accepted or superseded, by the same record", () => {
    const disagree = index.rows.flatMap((row) => {
      const record = records.find((r) => r.file === row.linkedFile);
      if (!record?.status) return [];
      const inFile = parseStatus(record.status);
      const inIndex = parseStatus(row.cells[3] ?? "");
      return inFile?.kind === inIndex?.kind && inFile?.by === inIndex?.by ? [] : [`${record.file}: file "${record.status}", index "${row.cells[3]}"`];
    });
    expect(disagree).toEqual([]);
  });
});

describe("readDecisionRecords and parseStatus (the checks above can fail)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "adr-index-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("find a record without a status line, a list-item status, a wrong heading number and an unknown status", () => {
    writeFileSync(path.join(dir, "0001-kept.md"), "# 0001 Kept\n\nDate: 2026-01-01\n\nStatus: accepted\n\n## Context\n");
    writeFileSync(path.join(dir, "0002-listed.md"), "# 0002. Listed\n\n- Status: superseded by [0001](0001-kept.md) (why)\n- Date: 2026-01-02\n");
    writeFileSync(path.join(dir, "0003-new.md"), "# 0003 New\n\nDate: 2026-01-03\n\n## Context\nA new record.\n");
    writeFileSync(path.join(dir, "0004-wrong.md"), "# 0005 Wrong\n\nDate: 2026-01-04\n\nStatus: proposed\n");
    writeFileSync(path.join(dir, "notes.md"), "# Not a record\n");
    const found = readDecisionRecords(dir);
    expect(found.map((r) => [r.file, r.headingNumber, r.status])).toEqual([
      ["0001-kept.md", "0001", "accepted"],
      ["0002-listed.md", "0002", "superseded by [0001](0001-kept.md) (why)"],
      ["0003-new.md", "0003", null],
      ["0004-wrong.md", "0005", "proposed"],
    ]);
    // A status line far down the page does not count: it must be near the top.
    writeFileSync(path.join(dir, "0003-new.md"), `# 0003 New\n\nDate: 2026-01-03\n${"\n".repeat(20)}Status: accepted\n`);
    expect(readDecisionRecords(dir).find((r) => r.number === "0003")?.status).toBeNull();
    expect(parseStatus("accepted, amended by [0104](0104-x.md): what changed")).toEqual({ kind: "accepted", by: null });
    expect(parseStatus("superseded by 0133: why")).toEqual({ kind: "superseded", by: "0133" });
    expect(parseStatus("proposed")).toBeNull();
  });

  it("reads index rows with escaped pipes as one cell", () => {
    const readme = path.join(dir, "README.md");
    writeFileSync(readme, "# D\n\n| Number | Title |\n|---|---|\n| [0001](0001-kept.md) | a \\| b |\n| 0002 | c | d |\n\nAfter.\n");
    const { header, rows } = readIndex(readme);
    expect(header).toEqual(["Number", "Title"]);
    expect(rows.map((r) => [r.number, r.linkedFile, r.cells.length])).toEqual([
      ["0001", "0001-kept.md", 2],
      ["0002", null, 3],
    ]);
  });
});
