import { route } from "@/features/auth/route.server";
import { rotateEndpointSecret } from "@/features/webhooks/endpoints.server";

/** POST /api/webhook-endpoints/{id}/rotate-secret: a new signing secret, shown this once; the old one keeps working for 24 hours. */
export const POST = route<"user", { id: string }>({ permission: "integrations.manage" }, async ({ account, user, params }) =>
  Response.json(await rotateEndpointSecret(account.id, params.id, { id: user.id, email: user.email })),
);
