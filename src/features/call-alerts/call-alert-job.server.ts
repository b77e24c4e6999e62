import "server-only";
import { defineJob } from "@/lib/jobs";
import { z } from "@/lib/zod";

/** The most calls one notification job takes (a bigger batch queues several). */
export const CALLS_PER_JOB = 100;

/**
 * Job: tells the recipients of the matching rules about these calls (issue
 * 25). Queued by ingestion (at once for calls with a summary, two minutes
 * later for those without) and when a summary arrives. Every run may repeat:
 * a notification already recorded in call_notifications is never sent again.
 * The handler is loaded when a job runs, so the code that queues (imported by
 * ingestion) stays small.
 */
export const callAlertJob = defineJob({
  kind: "call-alerts.notify",
  schema: z.object({ interactionIds: z.array(z.string().min(1)).min(1).max(CALLS_PER_JOB) }),
  handler: async ({ interactionIds }) => {
    const { notifyCalls } = await import("./notify-calls.server");
    await notifyCalls(interactionIds);
  },
});

/**
 * Job: the one SMS that stands for a burst of calls to one recipient of one
 * rule (past BURST_SMS_LIMIT in BURST_WINDOW_MS): "37 new calls since 14:05".
 * Queued for the end of the window in which the first call was held back.
 */
export const callAlertBurstJob = defineJob({
  kind: "call-alerts.burst",
  schema: z.object({ ruleId: z.string().min(1), recipient: z.string().min(1) }),
  handler: async ({ ruleId, recipient }) => {
    const { sendBurst } = await import("./burst.server");
    await sendBurst(ruleId, recipient);
  },
});
