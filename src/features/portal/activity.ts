/** One Recent Activity entry of the dashboard (GET /api/activity). */
export type ActivityEntry = {
  id: string;
  description: string;
  /** ISO timestamp. */
  timestamp: string;
  type: "appointment" | "call" | "chat" | "sms" | "subscription" | "invoice";
  /** Where the entry's subject is shown: the call, the billing page, the call log (issue 23: every entry links). */
  href: string;
};

export type ActivityResponse = { entries: ActivityEntry[]; sample: boolean };

/** Shown only when a customer has no activity yet, and labelled as sample data. */
export function sampleActivity(now: Date = new Date()): ActivityEntry[] {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  return [
    { id: "sample-1", href: "/calls?appointmentBooked=true", description: "Appointment booked for a new customer", timestamp: ago(15), type: "appointment" },
    { id: "sample-2", href: "/calls", description: "Answered an inbound call about pricing", timestamp: ago(60), type: "call" },
    { id: "sample-3", href: "/calls", description: "Website chat answered a question about opening hours", timestamp: ago(180), type: "chat" },
    { id: "sample-4", href: "/calls", description: "SMS reminder sent for tomorrow's appointment", timestamp: ago(300), type: "sms" },
  ];
}
