// The outbox admins read: the e-mail feature owns the stored e-mails (tables have owners, ADR 0151).
export { getEmail, listEmails, type OutboxListItem } from "@/features/email/outbox.server";
