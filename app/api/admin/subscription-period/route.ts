import { z } from "@/lib/zod";
import { route } from "@/features/auth/route.server";
import { readQuery } from "@/lib/http/route";
import { subscriptionPeriod } from "@/features/usage/usage.server";

const query = z.object({ subscriptionId: z.string({ message: "subscriptionId is required" }).min(1, { message: "subscriptionId is required" }) });

export const GET = route({ access: "admin" }, async ({ req }) => {
  const { subscriptionId } = readQuery(req, query);
  return Response.json(await subscriptionPeriod(subscriptionId));
});
