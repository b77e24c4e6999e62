import { getAuth } from "@/features/auth/auth.server";
import { guardRequest } from "@/lib/http/guard";
import { HttpError, errorResponse } from "@/lib/http/errors";
import { CLIENT_IP_HEADER, clientIp } from "@/lib/http/client-ip";
import { API_CSP } from "@/lib/http/route";

/**
 * better-auth's own endpoints (sign-in, sign-up, verify-email, OIDC callback),
 * behind the same request guards as every other route: a body limit, no NUL
 * characters, and the client address computed by our rule (never the
 * caller's own header). Answers are never cached.
 */
async function handler(incoming: Request): Promise<Response> {
  let res: Response;
  try {
    const req = await guardRequest(incoming, { setHeaders: { [CLIENT_IP_HEADER]: clientIp(incoming) } });
    const auth = await getAuth();
    res = await auth.handler(req);
  } catch (err) {
    if (err instanceof HttpError) res = errorResponse(err.status, err.message);
    else throw err;
  }
  const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: new Headers(res.headers) });
  out.headers.set("Cache-Control", "private, no-store");
  if (!out.headers.has("content-security-policy")) out.headers.set("Content-Security-Policy", API_CSP);
  return out;
}

export { handler as GET, handler as POST };
