import "server-only";
import { notFound } from "next/navigation";
import { getEmail } from "@/features/admin/outbox.server";

export type EmailScreenData = { mail: NonNullable<Awaited<ReturnType<typeof getEmail>>> };

/** One e-mail of the outbox; the not-found page for an unknown id. */
export async function loadEmailScreen(id: string): Promise<EmailScreenData> {
  const mail = await getEmail(id);
  if (!mail) notFound();
  return { mail };
}
