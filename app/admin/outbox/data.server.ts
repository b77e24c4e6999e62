import "server-only";
import { listEmails } from "@/features/admin/outbox.server";

export type OutboxScreenData = { emails: Awaited<ReturnType<typeof listEmails>> };

/** /admin/outbox: the e-mails the product sent or stored, newest first. */
export async function loadOutboxScreen(): Promise<OutboxScreenData> {
  return { emails: await listEmails() };
}
