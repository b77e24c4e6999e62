import "server-only";
import { randomUUID } from "node:crypto";
import { demoLeads } from "@/db/schema";
import { getDb } from "@/lib/db";
import { createNotification } from "@/features/notifications/notify.server";
import type { DemoLead } from "./schema";
import { refuseOverFormLimit } from "./rate-limit.server";

export const DEMO_RATE_LIMIT_MESSAGE = "Too many demo requests from your network. Please wait a few minutes and try again.";

/**
 * Stores a demo lead and the admin notification for it in one transaction.
 * At most FORM_RATE_LIMIT.max leads per IP address in the window: the next
 * one is a 429.
 */
export async function createDemoLead(lead: DemoLead, ipAddress: string): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await refuseOverFormLimit(tx, demoLeads, ipAddress, DEMO_RATE_LIMIT_MESSAGE);

    const id = randomUUID();
    await tx.insert(demoLeads).values({ id, ...lead, ipAddress });
    const forEmployee = lead.aiEmployeeName ? ` for AI employee ${lead.aiEmployeeName}${lead.aiEmployeeId ? ` (${lead.aiEmployeeId})` : ""}` : "";
    await createNotification(
      {
        type: "demo_lead",
        title: "New demo request",
        message: `${lead.name} (${lead.email}, ${lead.phone}, ${lead.website}) booked a demo${forEmployee}.`,
        priority: "high",
        dedupeKey: `demo_lead:${id}`,
      },
      tx,
    );
    return { id };
  });
}
