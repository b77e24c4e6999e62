import "server-only";
import { randomUUID } from "node:crypto";
import { contactMessages } from "@/db/schema";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { createNotification } from "@/features/notifications/notify.server";
import { emailLayout, escapeHtml, queueEmail } from "@/features/email/email.server";
import { refuseOverFormLimit } from "@/features/leads/rate-limit.server";
import { CONTACT_ERRORS, type ContactInput } from "./schema";

/**
 * Stores a contact message, notifies admins and queues the e-mail to the
 * team, all in one transaction: the request never waits on SMTP (a durable
 * job delivers the e-mail; without SMTP it waits in the outbox table). At most
 * FORM_RATE_LIMIT.max messages per IP address in the window: then 429.
 */
export async function storeContactMessage(input: ContactInput, ipAddress: string): Promise<{ id: string }> {
  const db = await getDb();
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
    const rows: Array<[string, string | null]> = [
      ["Name", name],
      ["Email", input.email],
      ["Company", input.company],
      ["Phone", input.phone],
      ["Website", input.website],
      ["Subject", input.inquiry_subject],
    ];
    const table = rows
      .filter(([, v]) => v)
      .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${k}</td><td style="padding:4px 0">${escapeHtml(v!)}</td></tr>`)
      .join("");
    await queueEmail(tx, {
      to: config().TEAM_EMAIL,
      subject: `New contact message: ${input.inquiry_subject}`,
      kind: "contact_message",
      html: emailLayout(
        "New contact message",
        `<table role="presentation">${table}</table><p style="white-space:pre-wrap;margin-top:16px">${escapeHtml(input.message)}</p>`,
      ),
      text: `${rows
        .filter(([, v]) => v)
        .map(([k, v]) => `${k}: ${v}`)
        .join("\n")}\n\n${input.message}`,
    });
    return { id };
  });
}
