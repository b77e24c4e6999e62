import { describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE, REQUIRED_FIELDS_MESSAGE, normalizeWebChatUrl, orderInputSchema, orderProblem } from "./order.schema";

const good = {
  aiEmployeeName: " Ava ",
  aiPhoneNumber: "+1 (555) 123-4567",
  customerEmail: "Owner@Example.COM",
  webChatUrl: "chat.example.com/ava",
};

describe("AI-ready order schema", () => {
  it("accepts a complete order, trims, lower-cases the e-mail and adds https:// to a bare chat domain", () => {
    const data = orderInputSchema.parse(good);
    expect(data).toEqual({
      aiEmployeeName: "Ava",
      aiPhoneNumber: "+1 (555) 123-4567",
      customerEmail: "owner@example.com",
      webChatUrl: "https://chat.example.com/ava",
      aiAvatarUrl: null,
    });
  });

  it.each(["aiEmployeeName", "aiPhoneNumber", "customerEmail", "webChatUrl"] as const)("reports the spec's required-fields message when %s is blank", (field) => {
    const result = orderInputSchema.safeParse({ ...good, [field]: "   " });
    expect(result.success).toBe(false);
    const problem = orderProblem(result.error!);
    expect(problem.description).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it("prefers the required-fields message over an invalid e-mail", () => {
    const result = orderInputSchema.safeParse({ ...good, customerEmail: "nope", aiEmployeeName: "" });
    expect(orderProblem(result.error!).message).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it.each(["owner", "owner@example", "owner example.com", "@example.com"])("rejects the e-mail %s with 'Invalid Email'", (email) => {
    const result = orderInputSchema.safeParse({ ...good, customerEmail: email });
    const problem = orderProblem(result.error!);
    expect(problem.message).toBe(INVALID_EMAIL_MESSAGE);
    expect(problem.title).toBe("Invalid Email");
    expect(problem.description).toBe("Please enter a valid email address.");
  });

  it("refuses script and data links as the web chat URL", () => {
    expect(normalizeWebChatUrl("javascript:alert(1)")).toBeNull();
    expect(normalizeWebChatUrl("data:text/html,hi")).toBeNull();
    expect(normalizeWebChatUrl("not a url")).toBeNull();
    expect(orderInputSchema.safeParse({ ...good, webChatUrl: "javascript:alert(1)" }).success).toBe(false);
  });

  it("accepts only our avatar paths or http(s) URLs", () => {
    expect(orderInputSchema.parse({ ...good, aiAvatarUrl: "/api/objects/avatars/abc.png" }).aiAvatarUrl).toBe("/api/objects/avatars/abc.png");
    expect(orderInputSchema.parse({ ...good, aiAvatarUrl: "" }).aiAvatarUrl).toBeNull();
    expect(orderInputSchema.safeParse({ ...good, aiAvatarUrl: "javascript:alert(1)" }).success).toBe(false);
    expect(orderInputSchema.safeParse({ ...good, aiAvatarUrl: "/api/objects/../../etc/passwd" }).success).toBe(false);
  });

  it("rejects a phone number with letters", () => {
    expect(orderInputSchema.safeParse({ ...good, aiPhoneNumber: "call me" }).success).toBe(false);
  });
});
