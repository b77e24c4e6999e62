import { describe, expect, it } from "vitest";
import { emailLinks } from "../testing/email-links";
import { renderTemplateGallery } from "./gallery";

const BASE = "https://app.example.com";

describe("template gallery (admin preview)", () => {
  it("renders every template with its subject and both parts, each in the shared layout", async () => {
    const all = await renderTemplateGallery(BASE);
    expect(all.map((t) => t.id)).toEqual([
      "verify-email",
      "account-invitation",
      "account-exists",
      "reset-password",
      "confirm-new-email",
      "email-change-notice",
      "order-setup",
      "welcome",
      "payment-failed",
      "order-joined",
      "trial-started",
      "trial-ending",
      "subscription-cancelled",
      "plan-changed",
      "usage-alert",
      "spend-limit",
      "webhook-endpoint-disabled",
      "daily-summary",
      "call-alert",
      "contact-message",
    ]);
    for (const t of all) {
      expect(t.subject.length).toBeGreaterThan(0);
      expect(t.html).toContain('<html dir="ltr" lang="en">');
      for (const part of [t.html, t.text]) {
        // Branded with the company's name, never the product category (issue 23).
        expect(part).toContain("HumanFocus AI · Human Focus. AI Powered.");
        expect(part).toContain("Sent by HumanFocus AI.");
        expect(part).not.toContain("Sent by AI Employees");
      }
    }
  });

  it("links only to absolute URLs under the base URL (the setup e-mail's web chat and the webhook endpoint are the customer's own addresses)", async () => {
    for (const t of await renderTemplateGallery(BASE)) {
      const { text, html } = emailLinks(t);
      for (const link of [...text, ...html].filter((l) => !l.startsWith("https://chat.example.com/") && !l.startsWith("https://crm.example.com/")))
        expect(link.startsWith(`${BASE}/`), `${t.id}: ${link}`).toBe(true);
    }
  });
});
