/**
 * Makes `accountId` the session's active account through better-auth's
 * organization endpoint, then loads the dashboard afresh (every query of
 * the page belongs to the old account). Returns the error message, or null.
 */
export async function switchAccount(accountId: string, then = "/dashboard"): Promise<string | null> {
  const res = await fetch("/api/auth/organization/set-active", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ organizationId: accountId }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? "Could not switch to that account. Please try again.";
  }
  window.location.assign(then);
  return null;
}
