import { describe, expect, it } from "vitest";
import { trustedOrigins } from "./trusted-origins";

describe("trustedOrigins", () => {
  it("a loopback base URL trusts every loopback spelling on its port, so 127.0.0.1 can sign in too", () => {
    expect(trustedOrigins("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
    expect(trustedOrigins("http://127.0.0.1:4123/")).toContain("http://localhost:4123");
  });

  it("a public base URL trusts only its own origin", () => {
    expect(trustedOrigins("https://app.example.com/")).toEqual(["https://app.example.com"]);
    expect(trustedOrigins("https://localhost.example.com")).toEqual(["https://localhost.example.com"]);
  });
});
