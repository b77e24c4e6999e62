import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import PageCacheHandler from "../../../page-cache-handler.mjs";
import { inlineScriptHashes } from "./inline-scripts";
import { servedScriptHashes } from "./served-page-scripts";

/** A page entry as Next.js stores it, and its key (`/` is `/index`). */
const page = (html: string) => ({ kind: "APP_PAGE", html, rscData: Buffer.from(""), headers: { "x-next-cache-tags": "_N_T_/layout" }, status: 200 });
const keyOf = (path: string) => `/route-cache/APP_PAGE/${"ab".repeat(32)}/$${path === "/" ? "/index" : path}`;
const html = (script: string) => `<!DOCTYPE html><html><body><h1>Hi</h1><script>${script}</script><script type="application/ld+json">{}</script></body></html>`;
const servedHtml = async (cache: PageCacheHandler, path: string) => ((await cache.get(keyOf(path)))?.value as { html: string } | undefined)?.html;

describe("the inline scripts of the pages the page cache serves", () => {
  const cache = new PageCacheHandler();
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    await cache.revalidateTag("_N_T_/layout");
    vi.useRealTimers();
  });

  it("are unknown until the page has been rendered, then are the hashes of the copy stored", async () => {
    expect(servedScriptHashes("/pricing")).toBeNull();
    await cache.set(keyOf("/pricing"), page(html("a()")));
    await cache.set(keyOf("/"), page(html("home()")));
    expect(servedScriptHashes("/pricing")).toEqual(inlineScriptHashes(html("a()")));
    expect(servedScriptHashes("/")).toEqual(inlineScriptHashes(html("home()")));
    expect(servedScriptHashes("/pricing")).toHaveLength(1);
    // Other entries (fetch results) name no page.
    await cache.set("some-fetch-key", { kind: "FETCH", data: {} }, { tags: ["_N_T_/layout"] });
    expect(servedScriptHashes("some-fetch-key")).toBeNull();
  });

  it("a changed copy is allowed at once, served only after a delay, and the old copy stays allowed", async () => {
    await cache.set(keyOf("/about"), page(html("v1()")));
    const storing = cache.set(keyOf("/about"), page(html("v2()")));
    await vi.advanceTimersByTimeAsync(0);
    // A request whose policy is written now may still be served the old copy, or later the new one: both are allowed.
    expect(servedScriptHashes("/about")).toEqual([...inlineScriptHashes(html("v2()")), ...inlineScriptHashes(html("v1()"))]);
    expect(await servedHtml(cache, "/about")).toBe(html("v1()"));
    await vi.runAllTimersAsync();
    await storing;
    expect(await servedHtml(cache, "/about")).toBe(html("v2()"));
    // The next copy drops the oldest.
    const next = cache.set(keyOf("/about"), page(html("v3()")));
    await vi.runAllTimersAsync();
    await next;
    expect(servedScriptHashes("/about")).toEqual([...inlineScriptHashes(html("v3()")), ...inlineScriptHashes(html("v2()"))]);
  });

  it("the same copy rendered again is stored at once", async () => {
    await cache.set(keyOf("/contact"), page(html("c()")));
    await cache.set(keyOf("/contact"), page(html("c()")));
    expect(servedScriptHashes("/contact")).toEqual(inlineScriptHashes(html("c()")));
  });

  it("a dropped page is unknown again until it is rendered again", async () => {
    await cache.set(keyOf("/terms-of-service"), page(html("t()")));
    await cache.revalidateTag(["_N_T_/layout"]);
    expect(servedScriptHashes("/terms-of-service")).toBeNull();
    expect(await cache.get(keyOf("/terms-of-service"))).toBeNull();
  });

  it("a changed copy is not stored if its page was dropped while it waited", async () => {
    await cache.set(keyOf("/privacy-policy"), page(html("p1()")));
    const storing = cache.set(keyOf("/privacy-policy"), page(html("p2()")));
    await vi.advanceTimersByTimeAsync(0);
    await cache.revalidateTag("_N_T_/layout");
    await vi.runAllTimersAsync();
    await storing;
    expect(await cache.get(keyOf("/privacy-policy"))).toBeNull();
    expect(servedScriptHashes("/privacy-policy")).toBeNull();
  });
});
