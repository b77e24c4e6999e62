import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { anchorsOf, brokenReason, headingSlug, linksIn, markdownFiles } from "./markdown-links";

/** Every relative link in docs/ (and the README that points into it) reaches a file, and its #anchor a heading. */

const ROOT = path.resolve(import.meta.dirname, "..");
const files = [...markdownFiles(path.join(ROOT, "docs")), path.join(ROOT, "README.md")];

describe("links in the docs", () => {
  it("are there to check", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(linksIn).length).toBeGreaterThan(100);
  });

  it("all resolve: the file exists and the anchor is a heading of it", () => {
    const broken = files.flatMap(linksIn).flatMap((link) => {
      const reason = brokenReason(link);
      return reason ? [`${path.relative(ROOT, link.file)}:${link.line} (${link.target}): ${reason}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

describe("the link checker (the check above can fail)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "docs-links-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds a missing file and a missing anchor, and ignores code and external links", () => {
    mkdirSync(path.join(dir, "decisions"));
    writeFileSync(path.join(dir, "notes.md"), "# Notes\n\n## Subscription status badges\n\n## The `route()` wrapper: 0.5 units\n");
    writeFileSync(
      path.join(dir, "decisions", "0001-a.md"),
      [
        "# 0001 A",
        "See [notes](../notes.md#subscription-status-badges) and [the wrapper](../notes.md#the-route-wrapper-05-units).",
        "Broken: [gone](0002-gone.md), [no anchor](../notes.md#order-error-messages).",
        "Not links: `[x](nowhere.md)` and",
        "```",
        "[y](nowhere.md)",
        "```",
        "External: [Stripe](https://docs.stripe.com/api) and [self](#0001-a).",
      ].join("\n"),
    );
    const links = linksIn(path.join(dir, "decisions", "0001-a.md"));
    expect(links.map((l) => [l.line, l.target])).toEqual([
      [2, "../notes.md#subscription-status-badges"],
      [2, "../notes.md#the-route-wrapper-05-units"],
      [3, "0002-gone.md"],
      [3, "../notes.md#order-error-messages"],
      [8, "https://docs.stripe.com/api"],
      [8, "#0001-a"],
    ]);
    expect(links.map(brokenReason)).toEqual([null, null, "0002-gone.md does not exist", "notes.md has no heading #order-error-messages", null, null]);
  });

  it("slugs headings as GitHub does, numbering repeats", () => {
    expect(headingSlug('0115. The "needs attention" inbox')).toBe("0115-the-needs-attention-inbox");
    expect(headingSlug("Addendum (2026-11-26): the users' side")).toBe("addendum-2026-11-26-the-users-side");
    writeFileSync(path.join(dir, "twice.md"), '# Twice\n\n## Tests\n\n## Tests\n\n<a id="kept"></a>\n');
    expect([...anchorsOf(path.join(dir, "twice.md"))]).toEqual(["twice", "tests", "tests-1", "kept"]);
  });
});
