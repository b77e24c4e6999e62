/**
 * Who is an admin. Admin rights (from the stored role or ADMIN_EMAILS) count
 * only for a verified address, so nobody gains them by signing up with
 * someone else's e-mail.
 */
export type Role = "admin" | "customer";

export function effectiveRole(user: { email: string; emailVerified: boolean; role?: string | null }, adminEmails: readonly string[]): Role {
  if (!user.emailVerified) return "customer";
  if (user.role === "admin") return "admin";
  return adminEmails.includes(user.email.trim().toLowerCase()) ? "admin" : "customer";
}

/** The avatar fallback of the header: first letter of firstName, else of email, else 'U'. */
export function avatarInitial(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || "";
  return source ? source[0]!.toUpperCase() : "U";
}
