import { describe, expect, it } from "vitest";
import { mobileE164, normaliseRecipients } from "./recipients";

describe("extra recipients", () => {
  it("e-mail rules: addresses lower-cased, each once; a bad one named by its position", () => {
    expect(normaliseRecipients("email", [" Front.Desk@Example.com ", "front.desk@example.com", "b@example.org"], "US")).toEqual({ recipients: ["front.desk@example.com", "b@example.org"] });
    expect(normaliseRecipients("email", ["a@example.com", "not an address"], "US")).toEqual({ problem: 'extraRecipients.1: "not an address" is not a valid e-mail address' });
    expect(normaliseRecipients("email", ["+12125550100"], "US")).toEqual({ problem: 'extraRecipients.0: "+12125550100" is not a valid e-mail address' });
  });

  it("SMS rules: mobile numbers in E.164, read with the account's country", () => {
    expect(normaliseRecipients("sms", ["(212) 555-0100", "+1 212 555 0100", "07400 123456"], "GB")).toEqual({ problem: 'extraRecipients.0: "(212) 555-0100" is not a valid mobile number' });
    expect(normaliseRecipients("sms", ["(212) 555-0100", "+1 212 555 0100", "+44 7400 123456"], "US")).toEqual({ recipients: ["+12125550100", "+447400123456"] });
    expect(normaliseRecipients("sms", ["07400 123456"], "GB")).toEqual({ recipients: ["+447400123456"] });
    expect(normaliseRecipients("sms", ["+12125550100", "555"], "US")).toEqual({ problem: 'extraRecipients.1: "555" is not a valid mobile number' });
    expect(normaliseRecipients("sms", ["a@example.com"], "US")).toEqual({ problem: 'extraRecipients.0: "a@example.com" is not a valid mobile number' });
  });

  it("refuses numbers that cannot take a text: landlines where the plan tells them apart, toll-free", () => {
    expect(mobileE164("+44 20 7946 0958", "US")).toBeNull();
    expect(mobileE164("+1 800 555 0100", "US")).toBeNull();
    // North American numbers do not say whether they are mobile: accepted.
    expect(mobileE164("+1 201 555 0123", "US")).toBe("+12015550123");
  });
});
