import { describe, expect, it } from "vitest";
import { HIPAA_FEATURE, PLANS, hipaaPlanNames } from "@/features/plans/catalogue";
import { pricingFaq } from "@/features/plans/pricing-faq";
import { HOME_FAQ, SERVICES } from "./content";
import { INDUSTRY_CARDS } from "./page-copy";
import { PUBLIC_ROUTES } from "./routes";
import { BUSINESS_SERVICES } from "./json-ld";

/** Every marketing sentence that says something about HIPAA (ADR 0121). */
function hipaaTexts(): string[] {
  const texts = [
    ...HOME_FAQ.map((f) => f.a),
    ...pricingFaq().map((f) => f.a),
    ...SERVICES.map((s) => s.body),
    ...INDUSTRY_CARDS.map((c) => c.body),
    ...PUBLIC_ROUTES.map((r) => r.description),
    ...BUSINESS_SERVICES,
  ];
  return texts.filter((t) => /hipaa/i.test(t));
}

describe("what the site says about HIPAA agrees with the catalogue", () => {
  it("only Large, Corp and Enterprise are HIPAA-ready, and exactly those list the feature", () => {
    expect(hipaaPlanNames()).toBe("Large, Corp and Enterprise");
    for (const p of PLANS) {
      expect(p.features.includes(HIPAA_FEATURE), p.id).toBe(p.hipaaReady);
      expect(
        p.features.filter((f) => /hipaa/i.test(f) && f !== HIPAA_FEATURE),
        p.id,
      ).toEqual([]);
    }
  });

  it("every HIPAA mention names the plans that have it, and none calls the product HIPAA compliant outright", () => {
    const texts = hipaaTexts();
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const t of texts) {
      expect(t).toContain(hipaaPlanNames());
      expect(t).not.toMatch(/hipaa[- ]compliant/i);
    }
  });

  it("the home FAQ and the pricing FAQ give the same answer, with what a BAA requires", () => {
    const home = HOME_FAQ.find((f) => /hipaa/i.test(f.q))!;
    const pricing = pricingFaq().find((f) => /hipaa/i.test(f.q))!;
    expect(pricing).toEqual({ q: home.q, a: home.a });
    expect(home.a).toContain("Small and Medium are not for protected health information");
    expect(home.a).toContain("business associate agreement (BAA)");
    expect(home.a).toMatch(/report any breach/);
  });
});
