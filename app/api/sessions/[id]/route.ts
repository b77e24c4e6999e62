import { route } from "@/features/auth/route.server";
import { getAuth } from "@/features/auth/auth.server";
import { badRequest, notFound } from "@/lib/http/errors";
import { ownSessionToken } from "@/features/account-care/sessions.server";

/**
 * DELETE /api/sessions/<id>: signs one of the caller's other sessions out
 * (issue 22, "Sign out" on /profile). better-auth's /revoke-session takes the
 * session's token, which no answer to the browser carries (ADR 0104), so the
 * browser names the session by id and this route finds the token, then calls
 * better-auth. Another user's session id is 404, like an unknown one.
 */
export const DELETE = route<"user", { id: string }>({ access: "user" }, async ({ req, user, params }) => {
  const token = await ownSessionToken(user.id, params.id);
  if (!token) throw notFound("Session not found.");
  if (user.sessionId === params.id) throw badRequest("This is the session you are using. Use Log out to end it.");
  await (await getAuth()).api.revokeSession({ headers: req.headers, body: { token } });
  return Response.json({ message: "Signed out.", revoked: 1 });
});
