import { route } from "@/lib/http/route";
import { config } from "@/lib/config";
import { getAuth } from "@/features/auth/auth.server";

/** Ends the session and redirects to '/'. */
export const GET = route({ access: "public" }, async ({ req }) => {
  const home = new Response(null, { status: 302, headers: { Location: new URL("/", config().baseUrl).toString() } });
  if (!req.headers.get("cookie")) return home;
  const auth = await getAuth();
  const res = (await auth.api.signOut({ headers: req.headers, asResponse: true })) as Response;
  for (const cookie of res.headers.getSetCookie()) home.headers.append("Set-Cookie", cookie);
  return home;
});
