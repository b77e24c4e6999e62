import { expect } from "vitest";
import { drainJobs } from "@/lib/jobs/testing.server";
import type { StripeFake } from "@/features/billing/provider/testing/stripe-fake";
import { POST as webhook } from "@app/api/stripe/webhook/route";
import { BASE } from "./http-helpers";

/** Delivers the fake's new events to the app's webhook route, signed with `secret`, then runs the sync jobs they queued. */
export async function deliverFakeEvents(fake: StripeFake, secret: string): Promise<void> {
  for (const event of fake.takeEvents()) {
    const { payload, signature } = fake.sign(event, secret);
    const res = await webhook(new Request(`${BASE}/api/stripe/webhook`, { method: "POST", headers: { "stripe-signature": signature }, body: payload }));
    expect(res.status, `${event.type}: ${await res.clone().text()}`).toBe(200);
  }
  await drainJobs();
}
