import type { EndpointCreate, EndpointPatch } from "@/features/webhooks/endpoint.schema";
import type { InteractionRecord } from "@/features/interactions/record.schema";

/**
 * The request examples of the OpenAPI document and /docs/api. The unit test
 * (openapi-document.test.ts) checks each against the document's schema for
 * its body, and against the zod schema the route validates with.
 */

export const INGEST_EXAMPLE: { interactions: InteractionRecord[] } = {
  interactions: [
    {
      id: "call_8f14e45f",
      aiEmployeeId: "ai_employee_01",
      channel: "phone",
      direction: "inbound",
      startedAt: "2026-11-26T14:03:00Z",
      durationSeconds: 184,
      outcome: "answered",
      callerName: "Dana Whitfield",
      from: "+12125550142",
      to: "+12125550100",
      summary: "Asked about Saturday opening hours and booked a cleaning for Tuesday at 10:00.",
      transcript: [
        { speaker: "agent", text: "Thanks for calling Bright Smiles, how can I help?", at: "2026-11-26T14:03:01Z" },
        { speaker: "caller", text: "Are you open on Saturdays?", at: "2026-11-26T14:03:05Z" },
      ],
      recordingUrl: "https://recordings.example.com/call_8f14e45f.wav",
      appointmentBooked: true,
      tags: ["appointment"],
    },
    {
      id: "chat_c9f0f895",
      aiPhoneNumber: "+12125550100",
      channel: "chat",
      direction: "inbound",
      startedAt: "2026-11-26T15:20:00Z",
      outcome: "answered",
      agentMessages: 6,
      summary: "Asked whether the practice takes new patients.",
    },
  ],
};

export const ENDPOINT_CREATE_EXAMPLE: EndpointCreate = {
  url: "https://crm.example.com/hooks/calls",
  description: "CRM: new calls and bookings",
  eventTypes: ["call.completed", "appointment.booked"],
  enabled: true,
};

export const ENDPOINT_PATCH_EXAMPLE: EndpointPatch = { enabled: false };

export const TEST_EVENT_EXAMPLE = { type: "call.completed" } as const;
