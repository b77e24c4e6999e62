import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { zodMessage, errorResponse } from "./errors";

describe("API errors", () => {
  it("answers { message } with the status", async () => {
    const res = errorResponse(404, "Plan not found");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Plan not found" });
  });

  it("turns a zod error into one readable sentence naming the fields", () => {
    const result = z.object({ email: z.email(), name: z.string().min(1, "Name is required") }).safeParse({ email: "x", name: "" });
    expect(result.success).toBe(false);
    const msg = zodMessage(result.error!);
    expect(msg).toMatch(/^email: /);
    expect(msg).toMatch(/name: Name is required/);
  });
});

// The browser client (ApiError, throwIfResNotOk, errorMessage) is tested in src/lib/api-client.test.ts.
