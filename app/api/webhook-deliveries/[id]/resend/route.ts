import { route } from "@/features/auth/route.server";
import { resendDelivery } from "@/features/webhooks/delivery.server";

/** POST /api/webhook-deliveries/{id}/resend: sends the event again now, with the same webhook-id (201, the delivery). */
export const POST = route<"user", { id: string }>({ permission: "integrations.manage" }, async ({ account, params }) => Response.json(await resendDelivery(account.id, params.id), { status: 201 }));
