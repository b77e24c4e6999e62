/**
 * Calls to better-auth's organization endpoints from the browser (issue 22):
 * the product has no API of its own for members, invitations and business
 * details. Each call answers ok, or the message to show.
 */

export type OrgCallResult<T = unknown> = { ok: true; data: T } | { ok: false; status: number; message: string };

/**
 * The plugin's refusals, in the product's words: it says "organization"
 * where the product says "account", and one of its codes covers two cases.
 * A refusal not listed here shows the plugin's own message.
 */
const MESSAGES: Record<string, string> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: "An account must always have an owner. Make another member an owner first; only an owner can remove an owner.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: "You are the account's only owner. Make another member an owner before you change your own role.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: "Only an owner can invite someone as an owner.",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: "Only an owner can change an owner's role or make someone an owner.",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: "Your role does not allow you to remove members.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: "Your role does not allow you to invite members.",
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: "Your role does not allow you to cancel invitations.",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: "Your role does not allow you to change the business details.",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "This person is already a member of the account.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: "This address already has an invitation waiting. Resend it from the list of pending invitations.",
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: "This invitation is for another e-mail address.",
  INVITATION_NOT_FOUND: "This invitation can no longer be used: it has expired, was used or was cancelled.",
  MEMBER_NOT_FOUND: "This member is no longer in the account. Reload the page.",
  INVALID_EMAIL: "Enter a valid e-mail address.",
};

/** The words for a refused call: ours for a known code (`overrides` first), else the server's message, else a general one. */
export function refusalMessage(status: number, body: unknown, overrides: Record<string, string> = {}): string {
  const b = body && typeof body === "object" ? (body as { code?: unknown; message?: unknown }) : {};
  if (typeof b.code === "string" && Object.hasOwn(overrides, b.code)) return overrides[b.code]!;
  if (typeof b.code === "string" && Object.hasOwn(MESSAGES, b.code)) return MESSAGES[b.code]!;
  if (typeof b.message === "string" && b.message) return b.message;
  if (status === 429) return "Too many requests. Please wait a minute and try again.";
  if (status === 401) return "You are signed out. Sign in again to continue.";
  return "Something went wrong. Please try again.";
}

/** POSTs to /api/auth/organization/<path>; `messages` words refusals by code for this call. */
export async function orgPost<T = unknown>(path: string, body: Record<string, unknown>, messages: Record<string, string> = {}): Promise<OrgCallResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/api/auth/organization/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "include",
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "Could not reach the server. Check your connection and try again." };
  }
  const text = await res.text().catch(() => "");
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!res.ok) return { ok: false, status: res.status, message: refusalMessage(res.status, parsed, messages) };
  return { ok: true, data: parsed as T };
}
