import "server-only";
import { randomUUID } from "node:crypto";
import { contactMessages } from "@/db/schema";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { createNotification } from "@/features/notifications/notify.server";
import { queueEmail } from "@/features/email/email.server";
import { contactEmail } from "./contact-email";
import { refuseOverFormLimit } from "@/features/leads/rate-limit.server";
import type { ContactInput } from "./schema";
import { CONTACT_ERRORS } from "./texts";

/**
 * Stores a contact message, notifies admins and queues the e-mail to the
 * team, all in one transaction: the request never waits on SMTP (a durable
 * job delivers the e-mail; without SMTP it waits in the outbox table). At most
 * FORM_RATE_LIMIT.max messages per IP address in the window: then 429.
 */
export async function storeContactMessage(input: ContactInput, ipAddress: string): Promise<{ id: string }> {
  const db = await getDb();
  // Rendered before the transaction: its rows are locked no longer than the writes take.
  const mail = await contactEmail(input, config().TEAM_EMAIL);
  return db.transaction(async (tx) => {
    await refuseOverFormLimit(tx, contactMessages, ipAddress, CONTACT_ERRORS.rate_limited);

    const id = randomUUID();
    const name = `${input.first_name} ${input.last_name}`;
    await tx.insert(contactMessages).values({
      id,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      company: input.company,
      phone: input.phone,
      website: input.website,
      inquirySubject: input.inquiry_subject,
      message: input.message,
      ipAddress,
    });
    await createNotification(
      {
        type: "contact_message",
        title: `Contact message: ${input.inquiry_subject}`,
        message: `${name} (${input.email}${input.company ? `, ${input.company}` : ""}) wrote: ${input.message.slice(0, 280)}`,
        priority: "normal",
        dedupeKey: `contact_message:${id}`,
      },
      tx,
    );
    await queueEmail(tx, mail);
    return { id };
  });
}
