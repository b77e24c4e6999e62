import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { deriveKey } from "@/lib/secrets";
import { z } from "@/lib/zod";

/**
 * The one-click unsubscribe (issue 25, RFC 8058): every notification e-mail
 * carries a link whose signed token names exactly what it turns off: one
 * rule for one recipient, or one member's daily summary. The token is the
 * authorization (the recipient may not have an account); it never expires,
 * as an unsubscribe link must keep working.
 */
const PURPOSE = "call-alerts/unsubscribe";

const targetSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("rule"), ruleId: z.string().min(1), recipient: z.string().min(1) }),
  z.object({ kind: z.literal("digest"), accountId: z.string().min(1), userId: z.string().min(1) }),
]);
export type UnsubscribeTarget = z.infer<typeof targetSchema>;

function mac(payload: string): Buffer {
  return createHmac("sha256", deriveKey(PURPOSE)).update(payload).digest();
}

export function unsubscribeToken(target: UnsubscribeTarget): string {
  const payload = Buffer.from(JSON.stringify(target)).toString("base64url");
  return `${payload}.${mac(payload).toString("base64url")}`;
}

/** The target of a token, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): UnsubscribeTarget | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = targetSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The headers of a notification e-mail: `List-Unsubscribe` with the one-click
 * URL (POST, RFC 8058) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`,
 * and the page link for the e-mail's footer (GET shows a button; it changes nothing).
 */
export function unsubscribeLinks(target: UnsubscribeTarget): { headers: Record<string, string>; pageUrl: string } {
  const token = encodeURIComponent(unsubscribeToken(target));
  const base = config().baseUrl;
  return {
    headers: { "List-Unsubscribe": `<${base}/api/unsubscribe?token=${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    pageUrl: `${base}/unsubscribe?token=${token}`,
  };
}
