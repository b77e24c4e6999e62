/**
 * The profile forms' one way to call the server: JSON in, and either the
 * answer's body or the server's message out (better-auth's endpoints and our
 * routes both answer errors as `{ message }`).
 */
export type SendResult = { ok: true; body: unknown } | { ok: false; status: number; message: string };

export async function sendJson(method: "POST" | "DELETE", url: string, body?: unknown): Promise<SendResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: "Could not reach the server. Check your connection and try again." };
  }
  const text = await res.text().catch(() => "");
  let parsed: unknown;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    parsed = text;
  }
  if (res.ok) return { ok: true, body: parsed };
  const message = parsed && typeof parsed === "object" && typeof (parsed as { message?: unknown }).message === "string" ? (parsed as { message: string }).message : "";
  if (res.status === 401) return { ok: false, status: 401, message: message || "You are signed out. Sign in again to continue." };
  return { ok: false, status: res.status, message: message || `Something went wrong (${res.status}). Please try again.` };
}
