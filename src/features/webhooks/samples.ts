import type { EventDataOf } from "./events.schema";
import type { WebhookEventType } from "./event-types";

/**
 * One example of each event's data: shown in /docs/webhooks, given as the
 * OpenAPI document's examples (a test checks each against its schema), and
 * sent by "Send test event" (with the caller's base URL in the links).
 */
export function sampleEventData(baseUrl: string): { [T in WebhookEventType]: EventDataOf<T> } {
  const call = {
    id: "sample_call_01",
    aiEmployeeId: "sample_ai_employee",
    channel: "phone" as const,
    direction: "inbound" as const,
    outcome: "answered" as const,
    startedAt: "2026-11-26T14:03:00.000Z",
    durationSeconds: 184,
    from: "+12125550142",
    to: "+12125550100",
    callerName: "Dana Whitfield",
    summary: "Asked about Saturday opening hours and booked a cleaning for Tuesday at 10:00.",
    appointmentBooked: true,
    tags: ["appointment"],
    units: 1,
    spamReported: false,
    links: { api: `${baseUrl}/api/interactions/sample_call_01`, portal: `${baseUrl}/calls/sample_call_01` },
  };
  return {
    "call.completed": call,
    "call.updated": { ...call, changes: ["summary"] },
    "appointment.booked": {
      callId: call.id,
      aiEmployeeId: call.aiEmployeeId,
      startedAt: call.startedAt,
      callerName: call.callerName,
      from: call.from,
      summary: call.summary,
      links: call.links,
    },
    "usage.threshold_reached": {
      subscriptionId: "sample_subscription",
      threshold: 80,
      usageMonthStart: "2026-11-01T00:00:00.000Z",
      usageMonthEnd: "2026-12-01T00:00:00.000Z",
      usedUnits: 80,
      includedUnits: 100,
      planId: "starter",
    },
    "subscription.updated": {
      subscriptionId: "sample_subscription",
      aiEmployeeId: "sample_ai_employee",
      status: "active",
      planId: "starter",
      trialEnd: null,
      currentPeriodEnd: "2026-12-26T00:00:00.000Z",
      cancelAtPeriodEnd: false,
    },
    "invoice.paid": { invoiceId: "sample_invoice", subscriptionId: "sample_subscription", amountCents: 9900, currency: "usd", status: "paid", links: { portal: `${baseUrl}/billing` } },
    "invoice.payment_failed": { invoiceId: "sample_invoice", subscriptionId: "sample_subscription", amountCents: 9900, currency: "usd", status: "open", links: { portal: `${baseUrl}/billing` } },
  };
}
