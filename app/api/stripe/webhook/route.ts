import { route } from "@/features/auth/route.server";
import { handleWebhook } from "@/features/billing/webhook.server";

/** Provider webhooks: raw-body signature check, each event once, a durable re-read of the customer's state queued, 200 at once. */
// Stripe events are at most a few hundred KB.
export const POST = route({ access: "public", allowCrossOrigin: true, maxBodyBytes: 1024 * 1024 }, async ({ req, log }) => {
  const rawBody = await req.text();
  const result = await handleWebhook(rawBody, req.headers.get("stripe-signature"), log);
  return Response.json(result.body, { status: result.status });
});
