import { getAuth } from "@/features/auth/auth.server";

// better-auth's own endpoints (sign-in, sign-up, verify-email, OIDC callback).
async function handler(req: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(req);
}

export { handler as GET, handler as POST };
