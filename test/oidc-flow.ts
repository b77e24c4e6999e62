import { GET as authGet } from "@app/api/auth/[...all]/route";
import { GET as loginGet } from "@app/api/login/route";
import { BASE, call } from "./http-helpers";

/** Cookies of one site, kept between requests like a browser does. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A request to the provider (a real HTTP server), redirects not followed. */
export async function providerFetch(jar: CookieJar, url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { cookie: jar.header() };
  let body: string | undefined;
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
  jar.store(res);
  return res;
}

/** The action of the first form on a provider page, absolute. */
export function formAction(html: string, pageUrl: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on ${pageUrl}:\n${html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, "&"), pageUrl).toString();
}

export type SignInStart = { authorizeUrl: URL; app: CookieJar; provider: CookieJar };

/** GET /api/login?returnTo=...: the app's redirect to the issuer, with the state cookie in the app's jar. */
export async function startSignIn(returnTo = "/billing", jars: { app?: CookieJar; provider?: CookieJar } = {}): Promise<SignInStart> {
  const app = jars.app ?? new CookieJar();
  const res = await call(loginGet, { path: `/api/login?returnTo=${encodeURIComponent(returnTo)}`, cookie: app.header() });
  if (res.status !== 302) throw new Error(`/api/login answered ${res.status}: ${await res.text()}`);
  app.store(res);
  return { authorizeUrl: new URL(res.headers.get("location")!), app, provider: jars.provider ?? new CookieJar() };
}

/**
 * Follows the issuer's redirects from `url`, signing in on its own login form
 * with `login` when it shows one, until it sends the browser back to the app.
 * Returns the app URL it redirected to (the callback), and whether the
 * provider asked for the login at all.
 */
export async function throughProvider(provider: CookieJar, url: string, login: string): Promise<{ callback: URL; askedForLogin: boolean }> {
  let next = url;
  let askedForLogin = false;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(BASE)) return { callback: new URL(next), askedForLogin };
    const res = await providerFetch(provider, next);
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get("location")!, next).toString();
      continue;
    }
    const html = await res.text();
    if (res.status !== 200 || !html.includes('name="login"')) throw new Error(`provider answered ${res.status} at ${next}:\n${html.slice(0, 800)}`);
    askedForLogin = true;
    const posted = await providerFetch(provider, formAction(html, next), { form: { prompt: "login", login, password: "any" } });
    next = new URL(posted.headers.get("location")!, next).toString();
  }
  throw new Error("too many redirects at the provider");
}

/** The app's callback handler (better-auth) with the app's cookies. */
export async function appCallback(app: CookieJar, callback: URL): Promise<Response> {
  const res = await call(authGet, { path: `${callback.pathname}${callback.search}`, cookie: app.header() });
  app.store(res);
  return res;
}

/** The whole sign-in: app → issuer login form → app callback. Returns the callback's answer and the app's jar. */
export async function signInThroughIssuer(login: string, returnTo = "/billing"): Promise<{ res: Response; app: CookieJar; provider: CookieJar; authorizeUrl: URL }> {
  const start = await startSignIn(returnTo);
  const { callback } = await throughProvider(start.provider, start.authorizeUrl.toString(), login);
  const res = await appCallback(start.app, callback);
  return { res, app: start.app, provider: start.provider, authorizeUrl: start.authorizeUrl };
}
