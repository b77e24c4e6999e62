import { describe, expect, it } from "vitest";
import { checkProfileFields, isProfileImageUrl } from "./profile-fields";

describe("profile fields", () => {
  it("trims names and keeps them within 100 characters", () => {
    expect(checkProfileFields({ name: "  Jo Lee ", firstName: " Jo", lastName: "Lee  " }, "create")).toEqual({
      ok: true,
      values: { name: "Jo Lee", firstName: "Jo", lastName: "Lee" },
    });
    expect(checkProfileFields({ name: "x".repeat(100) }, "create").ok).toBe(true);
    for (const field of ["name", "firstName", "lastName"] as const) {
      const result = checkProfileFields({ name: "Jo", [field]: "x".repeat(101) }, "create");
      expect(result).toMatchObject({ ok: false, field });
      expect(!result.ok && result.message).toMatch(/at most 100 characters/);
    }
    // Trimmed first: 100 characters plus spaces is fine.
    expect(checkProfileFields({ name: ` ${"x".repeat(100)} ` }, "create").ok).toBe(true);
  });

  it("requires a non-empty name on sign-up, and on update when it is sent", () => {
    expect(checkProfileFields({}, "create")).toMatchObject({ ok: false, field: "name", message: "Name is required." });
    expect(checkProfileFields({ name: "   " }, "create")).toMatchObject({ ok: false, field: "name" });
    expect(checkProfileFields({ name: "   " }, "update")).toMatchObject({ ok: false, field: "name" });
    expect(checkProfileFields({ firstName: "Jo" }, "update")).toEqual({ ok: true, values: { firstName: "Jo" } });
    expect(checkProfileFields({ name: 42 }, "update")).toMatchObject({ ok: false, field: "name", message: "Name must be text." });
    expect(checkProfileFields({ firstName: ["a"] }, "update")).toMatchObject({ ok: false, field: "firstName" });
  });

  it("accepts http(s) URLs and our object paths as the image, nothing else", () => {
    for (const ok of ["https://cdn.example.com/a.png", "http://localhost:3000/x.png", "/api/objects/avatars/0b8e2c56.png"]) {
      expect(isProfileImageUrl(ok)).toBe(true);
    }
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/x.png",
      "/api/objects/../admin",
      "/api/objects/avatars/../../etc/passwd",
      "/api/objectsX/a.png",
      "/dashboard",
      "ftp://example.com/a.png",
      "https://user:pass@example.com/a.png",
      "https://example.com/a b.png",
      "https://example.com/a\n.png",
    ]) {
      expect(isProfileImageUrl(bad)).toBe(false);
    }
    expect(checkProfileFields({ name: "Jo", image: "javascript:alert(1)" }, "create")).toMatchObject({ ok: false, field: "image" });
    expect(checkProfileFields({ name: "Jo", image: `https://example.com/${"a".repeat(2000)}` }, "create")).toMatchObject({
      ok: false,
      field: "image",
      message: "Profile image must be at most 2000 characters.",
    });
    expect(checkProfileFields({ image: null }, "update")).toEqual({ ok: true, values: { image: null } });
    expect(checkProfileFields({ name: "Jo", image: 5 }, "create")).toMatchObject({ ok: false, field: "image" });
  });
});
