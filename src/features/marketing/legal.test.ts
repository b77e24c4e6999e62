import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { LegalPage } from "./legal";

describe("legal page", () => {
  it("'Last updated' shows the date its text last changed, not today's date", () => {
    const html = renderToStaticMarkup(createElement(LegalPage, { title: "Terms", intro: "These terms...", sections: [], lastUpdated: "2026-11-23" }));
    expect(html).toContain('Last updated: <time dateTime="2026-11-23">November 23, 2026</time>');
    const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    if (today !== "November 23, 2026") expect(html).not.toContain(today);
  });
});
