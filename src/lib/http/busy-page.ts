import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { logger } from "@/lib/logger";
import { databaseTooSlow } from "./database-errors";
import { sameOriginPath } from "./same-origin-path";
import { RETURN_TO_HEADER } from "./return-to-header";

/**
 * A server-rendered page whose database is too slow (a statement cut off by
 * DATABASE_STATEMENT_TIMEOUT_MS, or no pooled connection in time) answers
 * like the API does: 503 with Retry-After and "busy, try again" (ADR 0105).
 * Next.js cannot set a page's status from the page or an error boundary
 * (only notFound, forbidden, unauthorized and redirect have statuses), so
 * the page redirects, before anything is streamed, to /busy (app/busy/
 * route.ts), a route handler that answers the 503 and sends the browser back
 * to the page after Retry-After.
 */

/** Seconds a client waits before trying again (the API's 503 says the same). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** The busy page's address, naming where to go back to (a path of this site only, else the home page). */
function busyPath(returnTo: string | null | undefined): string {
  return `/busy?${new URLSearchParams({ return: sameOriginPath(returnTo) ?? "/" })}`;
}

/**
 * Renders a page (its data loading and all): a database that is too slow
 * sends the browser to the busy page (a 307 before anything is streamed,
 * then the 503); anything else is thrown on as it was (Next's own redirect
 * and not-found signals too).
 */
async function busyOnTimeout<T>(render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (err) {
    const slow = databaseTooSlow(err);
    if (!slow) throw err;
    const returnTo = (await headers()).get(RETURN_TO_HEADER);
    logger.warn({ err, reason: slow, returnTo }, "database too slow: page sent to the busy page (503)");
    redirect(busyPath(returnTo));
  }
}

/** A server page (the default export of a page.tsx) rendered through busyOnTimeout. */
export function busyOnTimeoutPage<P, R>(page: (props: P) => Promise<R>): (props: P) => Promise<R> {
  return (props) => busyOnTimeout(() => page(props));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * GET /busy?return=<path>: 503 with Retry-After and a "busy, try again" page
 * whose link goes back to the page. It does not reload by itself: a timed
 * refresh is an accessibility failure (axe meta-refresh, WCAG 2.2.1).
 */
export function busyResponse(returnTo: string | null): Response {
  const back = escapeHtml(sameOriginPath(returnTo) ?? "/");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Busy, please try again</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:4rem 1rem;color:#0f172a;text-align:center}main{max-width:32rem;margin:0 auto}a{display:inline-block;margin-top:1.5rem;padding:.5rem 1rem;border-radius:.375rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}</style>
</head>
<body>
<main>
<h1>We are busy right now</h1>
<p>The service is busy, please try again in a few seconds.</p>
<a href="${back}">Try again</a>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "retry-after": String(BUSY_RETRY_AFTER_SECONDS),
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    },
  });
}
