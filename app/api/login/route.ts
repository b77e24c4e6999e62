import { route } from "@/features/auth/route.server";
import { config } from "@/lib/config";
import { getAuth, OIDC_PROVIDER_ID } from "@/features/auth/auth.server";
import { safeReturnTo } from "@/features/auth/return-to";

/**
 * Starts sign-in: the configured OpenID Connect issuer when OIDC_* is set,
 * otherwise the built-in /login page.
 */
export const GET = route({ access: "public" }, async ({ req, user }) => {
  const requested = new URL(req.url).searchParams.get("returnTo");
  const returnTo = safeReturnTo(requested);
  const cfg = config();
  if (user) return Response.redirect(new URL(returnTo, cfg.baseUrl), 302);
  if (!cfg.oidcEnabled) {
    const target = new URL("/login", cfg.baseUrl);
    if (requested) target.searchParams.set("returnTo", returnTo);
    return Response.redirect(target, 302);
  }
  const auth = await getAuth();
  // The generic OAuth plugin registers the issuer as a provider of the standard social sign-in.
  const res = (await auth.api.signInSocial({
    body: { provider: OIDC_PROVIDER_ID, callbackURL: returnTo },
    headers: req.headers,
    asResponse: true,
  })) as Response;
  const { url } = (await res.json()) as { url: string };
  const redirect = new Response(null, { status: 302, headers: { Location: url } });
  for (const cookie of res.headers.getSetCookie()) redirect.headers.append("Set-Cookie", cookie);
  return redirect;
});
