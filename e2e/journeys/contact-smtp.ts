import type { Browser } from "playwright-core";
import { expect, it } from "vitest";
import type { TestSmtpServer } from "../../test/smtp-test-server";
import { expectNoAxeViolations, fillContact, newContext, screenshot } from "../browser";

export type ContactJourneyContext = { baseUrl: string; browser: Browser; smtp: TestSmtpServer; teamEmail: string };

/**
 * A visitor sends the contact form; the message arrives once, at the team's
 * address on the real SMTP server, with both parts. `name` tells screenshots apart.
 */
export function contactJourney(ctx: () => ContactJourneyContext, name: string): void {
  it("a visitor's contact message reaches the team's mailbox once, in HTML and plain text", async () => {
    const { baseUrl, browser, smtp, teamEmail } = ctx();
    const subject = "Sales and pricing";
    const message = `Two dental offices, about 30 missed calls a week (${name}). Which plan fits?`;
    const before = smtp.received.length;
    const context = await newContext(browser, baseUrl);
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      await fillContact(page, message, "Bright Smiles <Dental>");
      const sent = Date.now();
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.waitForURL(`${baseUrl}/contact-thank-you`);
      // The request does not wait for SMTP.
      expect(Date.now() - sent).toBeLessThan(5_000);
      await expectNoAxeViolations(page);
      await screenshot(page, `${name}-contact-thank-you`);
    } finally {
      await context.close();
    }
    await expect.poll(() => smtp.received.slice(before).filter((m) => m.parsed.text?.includes(message)).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.received.slice(before).find((m) => m.parsed.text?.includes(message))!;
    expect(mail.envelopeTo).toEqual([teamEmail]);
    expect(mail.parsed.subject).toBe(`New contact message: ${subject}`);
    expect(mail.parsed.text).toContain("Name: Rosa Martinez");
    expect(mail.parsed.text).toContain("Company: Bright Smiles <Dental>");
    expect(mail.parsed.html || "").toContain("Bright Smiles &lt;Dental&gt;");
    expect(mail.parsed.html || "").toContain("about 30 missed calls a week");
  });
}
