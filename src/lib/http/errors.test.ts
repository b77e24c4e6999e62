import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodMessage, errorResponse } from "./errors";
import { errorMessage, isUnauthorizedError, throwIfResNotOk } from "@/lib/api-client";

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

describe("client request helper", () => {
  it('throws "<status>: <body text>" for a non-success response', async () => {
    await expect(throwIfResNotOk(new Response('{"message":"nope"}', { status: 400 }))).rejects.toThrow('400: {"message":"nope"}');
  });
  it("falls back to the status text when the body is empty", async () => {
    await expect(throwIfResNotOk(new Response("", { status: 503, statusText: "Service Unavailable" }))).rejects.toThrow("503: Service Unavailable");
  });
  it("passes a success through", async () => {
    await expect(throwIfResNotOk(new Response("ok", { status: 200 }))).resolves.toBeUndefined();
  });
  it("recognises a 401 by its message prefix and reads server messages", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Forbidden"))).toBe(false);
    expect(errorMessage(new Error('400: {"message":"Bad plan"}'), "fallback")).toBe("Bad plan");
    expect(errorMessage(new Error("500: "), "fallback")).toBe("fallback");
  });
});
