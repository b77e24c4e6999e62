import "server-only";
import { createHash } from "node:crypto";
import type { logger } from "@/lib/logger";
import { createNotification } from "@/features/notifications/notify.server";

/**
 * A signed Retell event we cannot store (issue 21): answered 200
 * `{status: "rejected", message}` so that Retell stops retrying a poison
 * event, logged as a warning, and shown to admins as a notification (once
 * per call and problem).
 */
export async function retellEventRefused(log: typeof logger, refusal: { callId: string | null; event: string | null; problem: string }): Promise<Response> {
  log.warn(refusal, "Retell event refused");
  const key = createHash("sha256")
    .update(`${refusal.callId ?? ""}|${refusal.problem}`)
    .digest("hex")
    .slice(0, 32);
  await createNotification({
    type: "retell_event_refused",
    title: "A Retell call could not be stored",
    message: `${refusal.event ?? "An event"}${refusal.callId ? ` for call ${refusal.callId}` : ""} was not stored: ${refusal.problem}. Retell was answered 200, so it will not send it again.`,
    priority: "high",
    dedupeKey: `retell-refused:${key}`,
  });
  return Response.json({ status: "rejected", message: refusal.problem });
}
