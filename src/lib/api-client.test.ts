import { afterEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, apiPath, errorMessage, hasStatus, isUnauthorizedError, makeQueryClient, queryKeyUrl, throwIfResNotOk, withQuery } from "./api-client";
import { LOGGED_OUT, loginUrl, resolveUnauthorized, type UnauthorizedAction } from "./unauthorized";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ApiError", () => {
  it('keeps the spec message "<status>: <body text>" and carries status and the parsed body', async () => {
    const err = await throwIfResNotOk(new Response('{"message":"nope"}', { status: 400 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, body: { message: "nope" }, text: '{"message":"nope"}', message: '400: {"message":"nope"}', bodyMessage: "nope" });
  });
  it("falls back to the status text when the body is empty", async () => {
    const err = (await throwIfResNotOk(new Response("", { status: 503, statusText: "Service Unavailable" })).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe("503: Service Unavailable");
    expect(err.body).toBeUndefined();
    expect(err.statusText).toBe("Service Unavailable");
  });
  it("keeps a non-JSON body as text", async () => {
    const err = (await throwIfResNotOk(new Response("plain words", { status: 500 })).catch((e: unknown) => e)) as ApiError;
    expect(err.body).toBe("plain words");
    expect(err.message).toBe("500: plain words");
  });
  it("passes a success through", async () => {
    await expect(throwIfResNotOk(new Response("ok", { status: 200 }))).resolves.toBeUndefined();
  });
  it("recognises a 401 by status (its message starts with '401:')", () => {
    const err = new ApiError(401, "Unauthorized", "Unauthorized");
    expect(err.message.startsWith("401:")).toBe(true);
    expect(isUnauthorizedError(err)).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, "Forbidden", "Forbidden"))).toBe(false);
    expect(isUnauthorizedError(new Error("401: not an ApiError"))).toBe(false);
    expect(hasStatus(new ApiError(404, "", undefined), 404)).toBe(true);
  });
  it("reads server messages for toasts", () => {
    expect(errorMessage(new ApiError(400, '{"message":"Bad plan"}', { message: "Bad plan" }), "fallback")).toBe("Bad plan");
    expect(errorMessage(new ApiError(400, '{"error":"x"}', { error: "x" }), "fallback")).toBe("fallback");
    expect(errorMessage(new ApiError(500, "", undefined), "fallback")).toBe("fallback");
    expect(errorMessage(new ApiError(502, "Bad gateway text", "Bad gateway text"), "fallback")).toBe("Bad gateway text");
    expect(errorMessage(new Error("No client secret received"), "fallback")).toBe("No client secret received");
    expect(errorMessage("weird", "fallback")).toBe("fallback");
  });
});

describe("paths", () => {
  it("encodes every interpolated path segment", () => {
    expect(apiPath`/api/admin/ai-ready-orders/${"a/b?c#d"}`).toBe("/api/admin/ai-ready-orders/a%2Fb%3Fc%23d");
    expect(apiPath`/api/admin/overage-entries/${"x y"}/submit`).toBe("/api/admin/overage-entries/x%20y/submit");
    expect(apiPath`/api/admin/notifications/${42}/read`).toBe("/api/admin/notifications/42/read");
  });
  it("encodes query key segments after the path", () => {
    expect(queryKeyUrl(["/api/subscription-plans", "../admin"])).toBe("/api/subscription-plans/..%2Fadmin");
    expect(queryKeyUrl(["/api/activity"])).toBe("/api/activity");
  });
  it("builds query strings, leaving out empty values", () => {
    expect(withQuery("/api/admin/stripe-prices", { subscriptionId: "sub_1&x=2" })).toBe("/api/admin/stripe-prices?subscriptionId=sub_1%26x%3D2");
    expect(withQuery("/api/x", { a: undefined, b: null })).toBe("/api/x");
    expect(withQuery("/api/x?a=1", { b: 2 })).toBe("/api/x?a=1&b=2");
  });
});

describe("api calls", () => {
  it("sends credentials and JSON, parses JSON, and throws ApiError on failure", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "POST" ? new Response(JSON.stringify({ ok: 1 }), { status: 200 }) : new Response('{"message":"gone"}', { status: 404 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.post<{ ok: number }>("/api/x", { a: 1 })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"a":1}', headers: { "Content-Type": "application/json" } });
    await expect(api.get("/api/y")).rejects.toMatchObject({ status: 404, body: { message: "gone" }, message: '404: {"message":"gone"}' });
  });
  it("resolves undefined for an empty success body", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api.delete("/api/z")).resolves.toBeUndefined();
  });
});

describe("the single 401 handler", () => {
  it("resolves meta into the page's toast, delay and destination", () => {
    expect(resolveUnauthorized(undefined, "/admin?tab=orders")).toEqual({ ...LOGGED_OUT, to: loginUrl("/admin?tab=orders") });
    expect(resolveUnauthorized({ unauthorized: { title: "Session Expired", description: "Please log in again to continue.", delayMs: 1000, to: "/" } }, "/checkout")).toEqual({
      title: "Session Expired",
      description: "Please log in again to continue.",
      delayMs: 1000,
      to: "/",
    });
    expect(resolveUnauthorized({ unauthorized: { returnTo: "/billing", delayMs: 1000 } }, "/x")?.to).toBe("/api/login?returnTo=%2Fbilling");
    expect(resolveUnauthorized({ unauthorized: false }, "/x")).toBeNull();
  });

  function failing(status: number) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Unauthorized", { status })),
    );
  }

  it("handles a query's 401 once with its meta, and ignores other errors", async () => {
    const actions: UnauthorizedAction[] = [];
    const client = makeQueryClient({ onUnauthorized: (a) => actions.push(a), here: () => "/billing" });
    failing(500);
    await client.fetchQuery({ queryKey: ["/api/other"] }).catch(() => {});
    expect(actions).toHaveLength(0);
    failing(401);
    const meta = { unauthorized: { title: "Authentication Required", description: "Please log in to access billing information", delayMs: 1000, returnTo: "/billing" } };
    await client.fetchQuery({ queryKey: ["/api/billing-history"], meta }).catch(() => {});
    await client.fetchQuery({ queryKey: ["/api/user-subscriptions"], meta }).catch(() => {});
    expect(actions).toEqual([{ title: "Authentication Required", description: "Please log in to access billing information", delayMs: 1000, to: "/api/login?returnTo=%2Fbilling" }]);
  });

  it("handles a mutation's 401 with the default notice", async () => {
    const actions: UnauthorizedAction[] = [];
    const client = makeQueryClient({ onUnauthorized: (a) => actions.push(a), here: () => "/admin" });
    failing(401);
    const mutation = client.getMutationCache().build(client, { mutationFn: () => api.post("/api/admin/add-usage", {}) });
    await mutation.execute(undefined).catch(() => {});
    expect(actions).toEqual([{ ...LOGGED_OUT, to: "/api/login?returnTo=%2Fadmin" }]);
  });
});
