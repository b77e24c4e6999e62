import { avatarInitial } from "@/features/auth/roles";
import type { AuthUser } from "./use-auth-user";

/** The user's picture, or the initial of their name on the brand colour. */
export function Avatar({ user, size = 36 }: { user: AuthUser; size?: number }) {
  if (user.profileImageUrl) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={user.profileImageUrl} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span aria-hidden className="flex items-center justify-center rounded-full bg-brand-700 font-semibold text-white" style={{ width: size, height: size }}>
      {avatarInitial(user)}
    </span>
  );
}
