/** The request header with a page's own path and query: the proxy sets it on signed-in pages (proxy.ts), the busy page goes back there (busy-page.ts). */
export const RETURN_TO_HEADER = "x-return-to";
