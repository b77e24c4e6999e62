import { route } from "@/features/auth/route.server";
import { createPortalSession, payerOf } from "@/features/billing/subscriptions.server";

/** The provider's customer portal for the caller -> {url} (sandbox: /sandbox/portal). */
export const POST = route({ permission: "billing.manage" }, async ({ user, account }) => Response.json(await createPortalSession(payerOf(user, account))));
