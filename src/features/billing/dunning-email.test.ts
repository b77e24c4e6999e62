import { describe, expect, it } from "vitest";
import { emailLinks } from "@/features/email/testing/email-links";
import { dunningEmail } from "./dunning-email";
import { expectEmail } from "@/features/email/testing/expect-email";

describe("payment-failed (dunning) e-mail", () => {
  it("names the AI employee and plan, and links to Billing & Account (absolute) to update the card", async () => {
    const mail = await dunningEmail({ email: "dan@example.com", firstName: "Dan", planName: "Professional", aiEmployeeName: "Nova" }, "https://app.example.com");
    expectEmail(mail, { to: "dan@example.com", kind: "payment-failed", subject: "Payment failed for your Professional plan" }, [
      "Hi Dan,",
      "We could not collect the payment for your AI employee Nova (Professional plan). The subscription is past due.",
      "Update your payment method to keep your AI employee running",
    ]);
    expect(mail.text).toContain("Billing & Account: https://app.example.com/billing");
    const billing = ["https://app.example.com/billing", "https://app.example.com/billing"];
    expect(emailLinks(mail)).toEqual({ text: billing, html: billing });
  });

  it("speaks of the plan when no AI employee is named, and escapes names in the HTML", async () => {
    const mail = await dunningEmail({ email: "d@example.com", firstName: null, planName: "Pro <x>", aiEmployeeName: null }, "https://app.example.com");
    expect(mail.text).toContain("We could not collect the payment for your Pro <x> plan.");
    expect(mail.html).toContain("your Pro &lt;x&gt; plan");
    expect(mail.html).not.toContain("<x>");
  });
});
