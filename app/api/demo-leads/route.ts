import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { clientIp } from "@/lib/http/client-ip";
import { demoLeadSchema } from "@/features/leads/schema";
import { createDemoLead } from "@/features/leads/demo-leads.server";

/** POST /api/demo-leads: a prospect's demo request (spec 7). Rate limited per IP. */
export const POST = route({ access: "public" }, async ({ req, log }) => {
  const lead = await readJson(req, demoLeadSchema);
  const { id } = await createDemoLead(lead, clientIp(req));
  log.info({ leadId: id }, "demo lead stored");
  return Response.json({ id, message: "Demo request received" }, { status: 201 });
});
