import { api } from "@/lib/api-client";
import { demoProblem, type DemoProblem } from "./demo-problem";
import type { DemoFieldErrors } from "./demo-fields";
import { demoFieldErrors, demoFormSchema, type DemoFormInput, type DemoFormOutput } from "./schema";

/*
 * The demo form's check and request: zod, the server's schema and the API
 * client (with its query library). demo-form.tsx loads this module on the
 * form's first focus or on sending, not with the page (issue 27).
 */

/** The four fields as the server reads them (trimmed), or the first message of each field at fault, in the server's words. */
export function checkDemoFields(values: DemoFormInput): { fields: DemoFormOutput } | { errors: DemoFieldErrors } {
  const checked = demoFormSchema.safeParse(values);
  return checked.success ? { fields: checked.data } : { errors: demoFieldErrors(checked.error.issues) };
}

/** POST /api/demo-leads with the AI employee of the link (spec 7); null when it was taken, else what the form shows. */
export async function sendDemoLead(fields: DemoFormOutput, ai: { aiEmployeeName: string; aiEmployeeId: string }): Promise<DemoProblem | null> {
  try {
    await api.post("/api/demo-leads", { ...fields, aiEmployeeName: ai.aiEmployeeName || null, aiEmployeeId: ai.aiEmployeeId || null });
    return null;
  } catch (err) {
    return demoProblem(err);
  }
}
