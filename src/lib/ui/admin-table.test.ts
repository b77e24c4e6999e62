import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AdminTable } from "./admin-table";
import { DeliveryStatusBadge } from "./delivery-status";

const row = createElement("tr", { "data-testid": "row" }, createElement("td", null, "ada@example.com"));

describe("AdminTable", () => {
  it("shows only the empty text without rows", () => {
    const html = renderToStaticMarkup(createElement(AdminTable, { caption: "E-mails", columns: ["To"], count: 0, empty: "No e-mails yet.", minWidth: "min-w-[720px]" }));
    expect(html).toContain("No e-mails yet.");
    expect(html).not.toContain("<table");
  });

  it("with rows: caption, column headers (hidden ones for screen readers) and the rows in a named, focusable region", () => {
    const html = renderToStaticMarkup(
      createElement(
        AdminTable,
        {
          caption: "Text messages, newest first",
          columns: ["To", { label: "Action", hidden: true }],
          count: 1,
          empty: "none",
          minWidth: "min-w-[760px]",
          regionLabel: "Text messages",
        },
        row,
      ),
    );
    expect(html).toContain('role="region" aria-label="Text messages" tabindex="0"');
    expect(html).toContain('<caption class="sr-only">Text messages, newest first</caption>');
    expect(html).toMatch(/<th scope="col"[^>]*>To<\/th>/);
    expect(html).toMatch(/<th scope="col"[^>]*><span class="sr-only">Action<\/span><\/th>/);
    expect(html).toContain('data-testid="row"');
    expect(html).not.toContain("none");
  });
});

describe("DeliveryStatusBadge", () => {
  it.each([
    ["outbox", "In outbox"],
    ["queued", "Queued"],
    ["sent", "Sent"],
    ["failed", "Failed"],
    ["opted_out", "Opted out (STOP)"],
    ["bounced", "bounced"],
  ])("names %s as %s", (status, label) => {
    expect(renderToStaticMarkup(createElement(DeliveryStatusBadge, { status }))).toContain(`>${label}<`);
  });
});
