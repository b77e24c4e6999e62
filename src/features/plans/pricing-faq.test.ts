import { describe, expect, it } from "vitest";
import { pricingFaq } from "./pricing-faq";

describe("pricing FAQ", () => {
  it("states the catalogue's figures (the same text the page showed when they were typed in)", () => {
    const text = Object.fromEntries(pricingFaq().map((f) => [f.q, f.a]));
    expect(text["What is a unit?"]).toBe(
      "A unit is how usage is counted. An answered call from 30 seconds to 3 minutes is 1 unit, longer calls add a unit per started 3 minutes, calls under 30 seconds and voicemails are 0.15, failed dials 0.02, and a chat or text conversation within 15 turns is 0.5.",
    );
    expect(text["What happens if I use more units than my plan includes?"]).toContain("from $1.98 on Small down to $1.00 on Corp with annual billing");
    expect(text["How much do I save with annual billing?"]).toContain("about 10%: Small is $134 a month instead of $149");
    expect(text["How does the free trial work?"]).toContain("14-day free trial");
    // Spec 2 names seven; the eighth says on which plans HIPAA-ready handling is (issue 23, ADR 0121).
    expect(pricingFaq()).toHaveLength(8);
  });
});
