import "server-only";
import type { SignedIn } from "@/features/auth/guards.server";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/features/auth/auth-limits";
import { profileData } from "@/features/account-care/profile-data.server";
import type { ProfilePage } from "@/features/account-care/profile-page";
import { emailChangeOutcome } from "@/features/account-care/change-email-link";

type SearchParams = Record<string, string | string[] | undefined>;

export type ProfileScreenData = Parameters<typeof ProfilePage>[0];

/** /profile: the user's name and address, their sessions (this one marked), the password rules and the notices the address carries. */
export async function loadProfileScreen({ user }: SignedIn, params: SearchParams): Promise<ProfileScreenData> {
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, emailVerified: user.emailVerified },
    data: await profileData(user, user.sessionId),
    rules: { hint: PASSWORD_HINT, minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, maxNameLength: MAX_NAME_LENGTH },
    notices: { email: emailChangeOutcome({ email: get("email"), error: get("error") }), accountDeleted: get("account") === "deleted" },
  };
}
