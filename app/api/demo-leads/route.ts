import { z } from "@/lib/zod";
import { route } from "@/features/auth/route.server";
import { readJson } from "@/lib/http/route";
import { zodMessage } from "@/lib/http/errors";
import { clientIp } from "@/lib/http/client-ip";
import { demoFieldErrors, demoLeadSchema, type DemoLeadProblem } from "@/features/leads/schema";
import { createDemoLead } from "@/features/leads/demo-leads.server";

/**
 * POST /api/demo-leads: a prospect's demo request (spec 7). Rate limited per IP.
 * A bad field answers 400 with `fields` (each field's message) so the form
 * shows it beside the field.
 */
export const POST = route({ access: "public" }, async ({ req, log }) => {
  const parsed = demoLeadSchema.safeParse(await readJson(req, z.unknown()));
  if (!parsed.success) {
    const problem: DemoLeadProblem = { message: zodMessage(parsed.error), fields: demoFieldErrors(parsed.error.issues) };
    return Response.json(problem, { status: 400 });
  }
  const { id } = await createDemoLead(parsed.data, clientIp(req));
  log.info({ leadId: id }, "demo lead stored");
  return Response.json({ id, message: "Demo request received" }, { status: 201 });
});
