import { route } from "@/features/auth/route.server";
import { PURCHASABLE_PLANS } from "@/features/plans/catalogue";
import { planView } from "@/features/billing/views.server";

/** The plans that can be bought online (spec 7). */
export const GET = route({ access: "public" }, async () => Response.json(PURCHASABLE_PLANS.map(planView)));
