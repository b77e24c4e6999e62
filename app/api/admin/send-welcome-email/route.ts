import { z } from "@/lib/zod";
import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { queueWelcomeEmail } from "@/features/admin/welcome-email.server";

const body = z.object({ subscriptionId: z.string({ message: "subscriptionId is required" }).trim().min(1, { message: "subscriptionId is required" }) });

/** POST /api/admin/send-welcome-email: e-mails the subscription's user a welcome (durable job). */
export const POST = route({ access: "admin" }, async ({ req, log }) => {
  const { subscriptionId } = await readJson(req, body);
  const { to } = await queueWelcomeEmail(subscriptionId);
  log.info({ subscriptionId }, "welcome e-mail queued");
  return Response.json({ success: true, message: `Welcome email queued for ${to}` }, { status: 202 });
});
