import "server-only";
import { notFound } from "next/navigation";
import type { PortalUser } from "@/features/auth/guards.server";
import { can } from "@/features/accounts/permissions";
import { getInteraction } from "@/features/interactions/interactions-read.server";
import { callDisplayFor } from "@/features/interactions/call-display.server";
import { HttpError } from "@/lib/http/errors";

export type CallScreenData = { item: Awaited<ReturnType<typeof getInteraction>>; display: Awaited<ReturnType<typeof callDisplayFor>>; canEditSettings: boolean };

/** One of the account's calls, texts or chats; the not-found page when it is not the account's. */
export async function loadCallScreen({ account }: PortalUser, id: string): Promise<CallScreenData> {
  const item = await getInteraction(account.id, id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  });
  return { item, display: await callDisplayFor(account), canEditSettings: can(account.role, "settings.edit") };
}
