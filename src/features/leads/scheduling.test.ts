import { describe, expect, it } from "vitest";
import { schedulingLink } from "./scheduling";
import { isPhone, isWebsite } from "./schema";

const lead = { name: "Dana Whitfield", email: "dana@acme.com", phone: "+1 555 010 4477", website: "acme.com" };

describe("scheduling link (spec 7)", () => {
  it("prefills name and email, with phone and website as answers a1 and a2", () => {
    const url = new URL(schedulingLink("https://calendly.com/ai-employees/demo", lead));
    expect(url.origin + url.pathname).toBe("https://calendly.com/ai-employees/demo");
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: "Dana Whitfield", email: "dana@acme.com", a1: "+1 555 010 4477", a2: "acme.com" });
  });

  it("sends the AI employee's name and id as q1 and q2 when both are present", () => {
    const url = new URL(schedulingLink("https://calendly.com/x", { ...lead, aiEmployeeName: "Sophie", aiEmployeeId: "emp_42" }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ name: "Dana Whitfield", email: "dana@acme.com", q1: "Sophie", q2: "emp_42" });
  });

  it("falls back to a1/a2 when only one of name and id is present", () => {
    const url = new URL(schedulingLink("https://calendly.com/x", { ...lead, aiEmployeeName: "Sophie", aiEmployeeId: "  " }));
    expect(url.searchParams.get("q1")).toBeNull();
    expect(url.searchParams.get("a1")).toBe("+1 555 010 4477");
  });

  it("keeps the scheduling URL's own query and encodes values", () => {
    const url = new URL(schedulingLink("https://sched.example/book?hide_gdpr_banner=1", { ...lead, name: "Zoë & Co" }));
    expect(url.searchParams.get("hide_gdpr_banner")).toBe("1");
    expect(url.searchParams.get("name")).toBe("Zoë & Co");
  });
});

describe("demo form field rules", () => {
  it.each(["acme.com", "www.acme.co.uk", "https://acme.com", "http://acme.com/about?x=1", "sub.acme-hvac.io:8080/path"])("accepts website %s", (w) => {
    expect(isWebsite(w)).toBe(true);
  });
  it.each(["acme", "my website", "https://", "ftp://acme.com", "acme.c"])("rejects website %s", (w) => {
    expect(isWebsite(w)).toBe(false);
  });
  it.each(["(555) 010-4477", "+44 20 7946 0958", "555.010.4477"])("accepts phone %s", (p) => {
    expect(isPhone(p)).toBe(true);
  });
  it.each(["12345", "call me", "+1 555 010 4477 99999999"])("rejects phone %s", (p) => {
    expect(isPhone(p)).toBe(false);
  });
});
