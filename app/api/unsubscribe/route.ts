import { route } from "@/features/auth/route.server";
import { badRequest } from "@/lib/http/errors";
import { applyUnsubscribe } from "@/features/call-alerts/unsubscribe.server";
import { UNSUBSCRIBED, UNSUBSCRIBE_LINK_INVALID } from "@/features/call-alerts/unsubscribe-text";

/** The token: in the address (the List-Unsubscribe URL), or a form field of the unsubscribe page's no-JavaScript post. */
async function tokenOf(req: Request): Promise<string | null> {
  const inUrl = new URL(req.url).searchParams.get("token");
  if (inUrl) return inUrl;
  if (!(req.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) return null;
  return new URLSearchParams(await req.text()).get("token");
}

/**
 * POST /api/unsubscribe?token=… (issue 25): the one-click unsubscribe of RFC
 * 8058. Mail providers post `List-Unsubscribe=One-Click` (form-encoded) from
 * their own servers, so any origin may post; the signed token is the
 * authorization. A rule's link stops that rule for that recipient only; a
 * daily summary's link turns off that member's summary. Answered 200 (JSON
 * when asked for, else text); a token that is not ours, 400.
 */
export const POST = route({ access: "public", allowCrossOrigin: true, maxBodyBytes: 4 * 1024 }, async ({ req }) => {
  if (!(await applyUnsubscribe(await tokenOf(req)))) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
  if ((req.headers.get("accept") ?? "").includes("application/json")) return Response.json({ status: "unsubscribed", message: UNSUBSCRIBED });
  return new Response(UNSUBSCRIBED, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
});
