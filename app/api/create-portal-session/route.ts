import { route } from "@/features/auth/route.server";
import { createPortalSession } from "@/features/billing/subscriptions.server";

/** The provider's customer portal for the caller -> {url} (sandbox: /sandbox/portal). */
export const POST = route({ access: "user" }, async ({ user }) => Response.json(await createPortalSession(user)));
