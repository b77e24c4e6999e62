import "server-only";
import { currentUserOfPage } from "@/features/auth/current-user.server";
import { authUserOf } from "./auth-user.server";
import { AuthUserSeed } from "./auth-user-seed";

/**
 * The portal's and the console's layouts: the header's view of who is signed
 * in, from the session check the page's guard makes anyway (one check per
 * request). When the check fails (a database too slow: the page answers the
 * busy page) nothing is seeded and the header asks as on a public page.
 */
export async function SignedInUserSeed() {
  const user = await currentUserOfPage().catch(() => undefined);
  if (user === undefined) return null;
  return <AuthUserSeed user={user ? (await authUserOf(user)).view : null} />;
}
