import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { demoProblem, DEMO_FAILED } from "./demo-problem";
import { checkDemoFields } from "./demo-submit";
import type { DemoFormInput } from "./schema";

/** The message the form shows beside each field at fault ({} when the four fields pass). */
function formCheck(values: DemoFormInput): Record<string, string | undefined> {
  const checked = checkDemoFields(values);
  return "errors" in checked ? checked.errors : {};
}

const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), body);

describe("demo form problems", () => {
  it("a bad phone number shows the server's message beside the phone field, not 'Something went wrong'", () => {
    const p = demoProblem(apiError(400, { message: "phone: Enter a valid phone number", fields: { phone: "Enter a valid phone number" } }));
    expect(p).toEqual({ fields: { phone: "Enter a valid phone number" }, message: null });
  });

  it("each field at fault keeps its own message", () => {
    const p = demoProblem(apiError(400, { message: "...", fields: { email: "Enter a valid email address", website: "Website is required", other: "x" } }));
    expect(p.fields).toEqual({ email: "Enter a valid email address", website: "Website is required" });
  });

  it("a refusal without fields (too many requests) shows the server's sentence", () => {
    expect(demoProblem(apiError(429, { message: "Too many demo requests from your network. Please wait a few minutes and try again." }))).toEqual({
      fields: {},
      message: "Too many demo requests from your network. Please wait a few minutes and try again.",
    });
  });

  it("a network failure or a server error keeps the spec's sentence", () => {
    expect(demoProblem(new TypeError("Failed to fetch")).message).toBe(DEMO_FAILED);
    expect(demoProblem(apiError(500, { message: "Internal error" })).message).toBe(DEMO_FAILED);
  });

  it("the form names empty and malformed fields before sending, with the server's words", () => {
    expect(formCheck({ name: "", email: "dana@", phone: "call me", website: "" })).toEqual({
      name: "Name is required",
      email: "Enter a valid email address",
      phone: "Enter a valid phone number",
      website: "Website is required",
    });
    expect(formCheck({ name: "Dana", email: "dana@acme.com", phone: "(555) 010-4477", website: "acme.com" })).toEqual({});
    expect(formCheck({ name: "x".repeat(201), email: "dana@acme.com", phone: "(555) 010-4477", website: "acme.com" })).toEqual({ name: "must be at most 200 characters" });
  });
});
