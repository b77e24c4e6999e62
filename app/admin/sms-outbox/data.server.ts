import "server-only";
import { listSmsOutbox } from "@/features/sms/outbox-list.server";

type Search = Record<string, string | string[] | undefined>;

export type SmsOutboxScreenData = { page: Awaited<ReturnType<typeof listSmsOutbox>>; current: string | null };

/** /admin/sms-outbox: a page of 50 text messages, newest first, from the cursor in the address. */
export async function loadSmsOutboxScreen(params: Search): Promise<SmsOutboxScreenData> {
  const current = typeof params.cursor === "string" ? params.cursor : null;
  return { page: await listSmsOutbox({ cursor: current }), current };
}
