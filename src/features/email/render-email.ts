import type { ReactElement } from "react";

export type RenderedEmail = { html: string; text: string };

/** html-to-text options for the plain-text part: headings keep their case, as written. */
const HEADINGS_AS_WRITTEN = ["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } }));

/**
 * Renders one e-mail template into both parts: the HTML, and the plain text
 * derived from that same HTML (React Email's converter), so the two cannot
 * drift apart. React escapes every value the template is given.
 *
 * `@react-email/render` (and with it react-dom/server) is loaded only here,
 * on the first render: under the `react-server` condition (Next's RSC bundle,
 * scripts run with `tsx --conditions=react-server`) react-dom/server cannot
 * be imported. In Next it is a server-external package (next.config.ts), so
 * Node loads it with its default conditions (ADR 0094).
 */
export async function renderEmail(template: ReactElement): Promise<RenderedEmail> {
  const { render, toPlainText } = await import("@react-email/render");
  const html = await render(template);
  const text = toPlainText(html, { selectors: HEADINGS_AS_WRITTEN })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { html, text };
}
