import { describe, expect, it } from "vitest";
import { emailLinks } from "@/features/email/testing/email-links";
import { welcomeEmail } from "./welcome-email.server";
import { expectEmail } from "@/features/email/testing/expect-email";

const base = {
  email: "sam@example.com",
  firstName: "Sam",
  planName: "Professional",
  billing: "monthly" as const,
  price: 29_900,
  status: "trialing",
  trialEnd: new Date("2026-12-07T12:00:00Z"),
};

describe("welcome e-mail", () => {
  it("confirms the plan and price, the trial's end, and links to the dashboard and Billing & Account (absolute)", async () => {
    const mail = await welcomeEmail(base, "https://app.example.com");
    expectEmail(mail, { to: "sam@example.com", kind: "welcome", subject: "Welcome to HumanFocus AI" }, [
      "Hi Sam,",
      "plan (monthly, $299.00 per month) is set up.",
      "Your free trial runs until Mon, 07 Dec 2026; you will not be charged before then.",
    ]);
    expect(mail.text).toContain("Welcome to HumanFocus AI! Your Professional plan (monthly, $299.00 per month) is set up.");
    const links = ["https://app.example.com/dashboard", "https://app.example.com/billing"];
    expect(emailLinks(mail)).toEqual({ text: links, html: links });
  });

  it("says nothing of a trial for an active subscription, and escapes the plan name", async () => {
    const mail = await welcomeEmail({ ...base, status: "active", planName: "<i>Pro</i>", price: null }, "https://app.example.com");
    expect(mail.text).not.toContain("free trial");
    expect(mail.text).toContain("(monthly, custom pricing)");
    expect(mail.html).toContain("&lt;i&gt;Pro&lt;/i&gt;");
    expect(mail.html).not.toContain("<i>Pro");
  });
});
