import { NextResponse, type NextRequest } from "next/server";
import { config as appConfig } from "@/lib/config";
import { contentSecurityPolicy, isSignedInPath, permissionsPolicy } from "@/lib/http/csp";
import { servedScriptHashes } from "@/lib/http/served-page-scripts";
import { RETURN_TO_HEADER } from "@/lib/http/return-to-header";

/**
 * Sets the Content-Security-Policy and Permissions-Policy of every page
 * (src/lib/http/csp.ts); both follow the configuration the server runs with.
 * Signed-in pages get a fresh nonce, passed to Next.js in the request's CSP
 * header so that it marks its own scripts with it. Public pages list the
 * hashes of the inline scripts of the copy the page cache serves. API routes
 * set their own policy (src/lib/http/route.ts).
 */
export function proxy(request: NextRequest) {
  const cfg = appConfig();
  const development = process.env.NODE_ENV === "development";
  if (!isSignedInPath(request.nextUrl.pathname)) {
    const refused = refusedContactPost(request);
    const res = refused ?? NextResponse.next();
    // Not known for a page this process has not rendered yet, nor for one rendered per request (ADR 0009).
    const scriptHashes = refused || development ? null : servedScriptHashes(request.nextUrl.pathname);
    res.headers.set("Content-Security-Policy", contentSecurityPolicy(cfg, { development, scriptHashes }));
    res.headers.set("Permissions-Policy", permissionsPolicy(cfg));
    return res;
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(cfg, { nonce, development });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.set("x-nonce", nonce);
  // Where the busy page sends the browser back to, should the page's database be too slow (src/lib/http/busy-page.ts).
  requestHeaders.set(RETURN_TO_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const res = NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set("Content-Security-Policy", policy);
  res.headers.set("Permissions-Policy", permissionsPolicy(cfg));
  return res;
}

/**
 * /contact is prerendered; /contact?error=... (a refused no-JavaScript post,
 * app/api/contact) is served by /contact/refused, rendered per request, under
 * the same address.
 */
function refusedContactPost(request: NextRequest): NextResponse | null {
  if (request.nextUrl.pathname !== "/contact" || !request.nextUrl.searchParams.has("error")) return null;
  const url = request.nextUrl.clone();
  url.pathname = "/contact/refused";
  return NextResponse.rewrite(url);
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|icon\\.svg|favicon\\.ico|robots\\.txt|sitemap\\.xml).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
