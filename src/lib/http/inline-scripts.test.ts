import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, scriptHashSource } from "./inline-scripts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline script hashes", () => {
  it("lists each inline script's sha256 once, in order, as a CSP source", () => {
    const html =
      '<html><head><script>(self.__next_f=self.__next_f||[]).push([0])</script></head><body><script>self.__next_f.push([1,"a"])</script>' +
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>";
    expect(inlineScriptHashes(html)).toEqual([sha("(self.__next_f=self.__next_f||[]).push([0])"), sha('self.__next_f.push([1,"a"])')]);
  });

  it("leaves out scripts loaded from a file, empty scripts and data blocks such as JSON-LD, which never run", () => {
    const html = [
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      "<script></script>",
      '<script type="application/ld+json">{"@type":"LocalBusiness"}</script>',
      '<script type="application/json" id="data">{"a":1}</script>',
      '<script type="text/plain">not code</script>',
      "<script>run()</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("run()")]);
  });

  it.each([
    ["no type", "<script>a()</script>"],
    ["an empty type", '<script type="">a()</script>'],
    ["text/javascript", '<script type="text/javascript">a()</script>'],
    ["an upper-case type", "<script type='Application/JavaScript'>a()</script>"],
    ["a module", '<script type="module">a()</script>'],
    ["an import map", '<script type="importmap">a()</script>'],
    ["upper-case tags and an end tag with a space", '<SCRIPT nonce="x">a()</SCRIPT >'],
  ])("hashes a script with %s", (_, html) => {
    expect(inlineScriptHashes(html)).toEqual([sha("a()")]);
  });

  it("reads attributes whose values hold '>' or the word src, and text holding other tags", () => {
    const html = `<script data-note="a > b" data-x=" src=y">x("<div>")</script><script id=bare>y()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha('x("<div>")'), sha("y()")]);
  });

  it("hashes the text as the browser reads it: CR LF and lone CR become LF", () => {
    expect(scriptHashSource("a()\r\nb()\rc()")).toBe(sha("a()\nb()\nc()"));
    expect(inlineScriptHashes("<script>a()\r\nb()</script>")).toEqual([sha("a()\nb()")]);
  });

  it("hashes UTF-8 bytes", () => {
    expect(scriptHashSource('t("Café — ✓")')).toBe(`'sha256-${createHash("sha256").update(Buffer.from('t("Café — ✓")', "utf8")).digest("base64")}'`);
  });

  it("a page without inline scripts has none", () => {
    expect(inlineScriptHashes('<html><body><p>Hello</p><script src="/a.js"></script></body></html>')).toEqual([]);
  });
});
