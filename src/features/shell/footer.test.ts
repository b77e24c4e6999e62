import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { hipaaClaims } from "@/features/plans/catalogue";
import { Footer } from "./footer";

describe("footer", () => {
  it("says on which plans HIPAA-ready handling is, as the catalogue does (ADR 0121)", () => {
    const html = renderToStaticMarkup(createElement(Footer));
    expect(html).toContain(hipaaClaims().badge);
    expect(html).toContain("HIPAA-ready on Large, Corp and Enterprise");
    expect(html).toContain('href="/pricing#pricing-faq"');
  });
});
