import type { ApiError } from "@/lib/api-client";
import { DEMO_FIELDS, type DemoFieldErrors } from "./demo-fields";

/** Spec 8: the toast of a failed submission that no field explains (network, server error). */
export const DEMO_FAILED = "Something went wrong. Please try again.";

/** What the form shows after a failed submission: messages beside fields, else one sentence. */
export type DemoProblem = { fields: DemoFieldErrors; message: string | null };

/**
 * The problem of a failed POST /api/demo-leads: a 400 names its fields (each
 * shown beside its input); any other answer with a message (a 429) shows that
 * message; anything else (network, 5xx without one) the spec's sentence.
 */
export function demoProblem(err: unknown): DemoProblem {
  // By name, as the contact form does: the form reads DEMO_FAILED before the API client has loaded (demo-form.tsx).
  if (err instanceof Error && err.name === "ApiError") {
    const error = err as ApiError;
    const body = error.body as { fields?: unknown } | undefined;
    const fields = body && typeof body === "object" && body.fields && typeof body.fields === "object" ? pickFields(body.fields as Record<string, unknown>) : {};
    if (Object.keys(fields).length) return { fields, message: null };
    if (error.status < 500 && error.bodyMessage) return { fields: {}, message: error.bodyMessage };
  }
  return { fields: {}, message: DEMO_FAILED };
}

function pickFields(raw: Record<string, unknown>): DemoFieldErrors {
  const out: DemoFieldErrors = {};
  for (const f of DEMO_FIELDS) if (typeof raw[f] === "string" && raw[f]) out[f] = raw[f];
  return out;
}
