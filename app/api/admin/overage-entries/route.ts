import { route } from "@/features/auth/route.server";
import { badRequest } from "@/lib/http/errors";
import { createEntry } from "@/features/overage/overage.server";
import type { CreateEntryInput } from "@/features/overage/overage.schema";

/** Starts a draft overage entry: {subscriptionId, periodStart, periodEnd, billNow}. */
export const POST = route({ access: "admin" }, async ({ req, user }) => {
  let body: unknown;
  try {
    const text = await req.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const entry = await createEntry(body as CreateEntryInput, user.id);
  return Response.json(entry, { status: 201 });
});
