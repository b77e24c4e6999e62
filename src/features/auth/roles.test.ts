import { describe, expect, it } from "vitest";
import { avatarInitial, effectiveRole } from "./roles";
import { safeReturnTo } from "./return-to";

describe("avatar fallback", () => {
  it("uses the first letter of firstName, else of email, else U", () => {
    expect(avatarInitial({ firstName: "casey", email: "x@example.com" })).toBe("C");
    expect(avatarInitial({ firstName: "", email: "jo@example.com" })).toBe("J");
    expect(avatarInitial({ firstName: null, email: null })).toBe("U");
    expect(avatarInitial(null)).toBe("U");
  });
});

describe("admin rights", () => {
  const admins = ["boss@example.com"];
  it("come from ADMIN_EMAILS only for a verified address", () => {
    expect(effectiveRole({ email: "Boss@Example.com", emailVerified: true }, admins)).toBe("admin");
    expect(effectiveRole({ email: "boss@example.com", emailVerified: false }, admins)).toBe("customer");
  });
  it("come from the stored role only for a verified address", () => {
    expect(effectiveRole({ email: "a@example.com", emailVerified: true, role: "admin" }, [])).toBe("admin");
    expect(effectiveRole({ email: "a@example.com", emailVerified: false, role: "admin" }, [])).toBe("customer");
    expect(effectiveRole({ email: "a@example.com", emailVerified: true, role: "customer" }, [])).toBe("customer");
  });
});

describe("return path after sign-in", () => {
  it("accepts same-site paths only", () => {
    expect(safeReturnTo("/billing?x=1")).toBe("/billing?x=1");
    expect(safeReturnTo("//evil.example")).toBe("/dashboard");
    expect(safeReturnTo("https://evil.example")).toBe("/dashboard");
    expect(safeReturnTo("/api/logout")).toBe("/dashboard");
    expect(safeReturnTo(null)).toBe("/dashboard");
  });
});
