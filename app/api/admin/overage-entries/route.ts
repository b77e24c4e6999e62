import { z } from "@/lib/zod";
import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { createEntry } from "@/features/overage/overage.server";

/** Starts a draft overage entry: {subscriptionId, periodStart, periodEnd, billNow} (createEntry checks it). */
export const POST = route({ access: "admin" }, async ({ req, user }) => {
  const entry = await createEntry(await readJson(req, z.unknown()), user.id);
  return Response.json(entry, { status: 201 });
});
