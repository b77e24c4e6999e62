import { route } from "@/features/auth/route.server";
import { submitEntry } from "@/features/overage/overage.server";

/** Submits an entry; waits up to a few seconds for the billing job so it can answer billed + invoiceUrl. */
export const POST = route<"admin", { id: string }>({ access: "admin" }, async ({ params }) => {
  return Response.json(await submitEntry(params.id, { waitMs: 6000 }));
});
