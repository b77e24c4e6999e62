import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { getAuth } from "@/features/auth/auth.server";

const home = (status = 302) => new Response(null, { status, headers: { Location: new URL("/", config().baseUrl).toString() } });

/**
 * Ends the session. A session that came from the OpenID Connect issuer also
 * ends at the issuer (RP-initiated logout, which comes back to '/'), so the
 * next sign-in asks for the password again instead of silently signing in.
 */
async function signOut(req: Request, status = 302): Promise<Response> {
  if (!req.headers.get("cookie")) return home(status);
  const auth = await getAuth();
  const out = (await auth.api.signOut({ headers: req.headers, body: { callbackURL: "/", disableRedirect: true }, asResponse: true })) as Response;
  const { url } = ((await out.json().catch(() => ({}))) ?? {}) as { url?: string };
  const res = url ? new Response(null, { status, headers: { Location: url } }) : home(status);
  for (const cookie of out.headers.getSetCookie()) res.headers.append("Set-Cookie", cookie);
  return res;
}

/**
 * GET /api/logout (the header's 'Log out' link): ends the session and goes
 * to '/' when the browser says the navigation came from this site (or was
 * typed). A navigation started by another site only reaches the /logout
 * page, which asks for confirmation: no other site can sign a user out.
 */
export const GET = route({ access: "public" }, async ({ req }) => {
  const site = req.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return signOut(req);
  if (!req.headers.get("cookie")) return home();
  return new Response(null, { status: 303, headers: { Location: new URL("/logout", config().baseUrl).toString() } });
});

/** POST /api/logout: the confirmation form of /logout (same-origin only, like every POST). */
export const POST = route({ access: "public" }, async ({ req }) => signOut(req, 303));
