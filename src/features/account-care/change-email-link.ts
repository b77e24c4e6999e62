/**
 * Where the link to a new e-mail address leads once followed: back to
 * /profile, which says the address changed. better-auth's verify-email adds
 * `error=<code>` when the link does not work.
 */
export const CHANGE_EMAIL_CALLBACK = "/profile?email=changed";

/** What /profile says after the link: null when the address did not just change. */
export function emailChangeOutcome(params: { email?: string | null; error?: string | null }): { ok: boolean; text: string } | null {
  if (params.email !== "changed") return null;
  if (!params.error) return { ok: true, text: "Your e-mail address is changed. Use it the next time you sign in." };
  if (params.error === "INVALID_USER") return { ok: false, text: "That link belongs to another login. Sign out, then follow the link again." };
  return { ok: false, text: "That link has expired or is no longer valid: your e-mail address has not changed. Ask for a new link below." };
}
