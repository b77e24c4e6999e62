import "server-only";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config";
import { getDb, type DbOrTx } from "@/lib/db";
import { emailMessages } from "@/db/schema";
import { logger } from "@/lib/logger";
import { eq } from "drizzle-orm";

export type OutgoingEmail = { to: string; subject: string; html: string; text: string; kind: string };

type Transport = { sendMail: (m: { from: string; to: string; subject: string; html: string; text: string }) => Promise<unknown> };
let transport: Transport | undefined;

async function smtp(): Promise<Transport> {
  if (!transport) {
    const nodemailer = await import("nodemailer");
    transport = nodemailer.createTransport(config().SMTP_URL!);
  }
  return transport;
}

/**
 * The e-mail port. Every message is recorded in `email_messages`. With SMTP
 * configured it is delivered at once (and marked sent or failed); without,
 * it stays in the outbox that admins read at /admin/outbox.
 */
type EmailStatus = (typeof emailMessages.$inferSelect)["status"];

export async function sendEmail(message: OutgoingEmail, tx?: DbOrTx): Promise<{ id: string; status: EmailStatus }> {
  const db = tx ?? (await getDb());
  const id = randomUUID();
  const cfg = config();
  const status: EmailStatus = cfg.smtpEnabled ? "queued" : "outbox";
  await db.insert(emailMessages).values({ id, ...message, status });
  if (!cfg.smtpEnabled) {
    logger.info({ emailId: id, to: message.to, subject: message.subject }, "e-mail stored in the outbox (no SMTP_URL): read it at /admin/outbox");
    return { id, status };
  }
  try {
    await (await smtp()).sendMail({ from: cfg.EMAIL_FROM, ...message });
    await (await getDb()).update(emailMessages).set({ status: "sent", sentAt: new Date() }).where(eq(emailMessages.id, id));
    return { id, status: "sent" };
  } catch (err) {
    logger.error({ err, emailId: id }, "SMTP delivery failed");
    await (await getDb())
      .update(emailMessages)
      .set({ status: "failed", error: String((err as Error).message ?? err) })
      .where(eq(emailMessages.id, id));
    return { id, status: "failed" };
  }
}

const escapeMap: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapeMap[c]!);
}

/** Wraps body HTML in the product's e-mail layout. */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="font-size:13px;color:#4f46e5;font-weight:bold;margin:0 0 16px">AI Employees · Human Focus. AI Powered.</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}</td></tr></table>
</td></tr></table></body></html>`;
}
