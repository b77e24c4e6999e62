import "server-only";
import { notFound } from "next/navigation";
import { getAdminAccount } from "@/features/admin-accounts/admin-account.server";

export type AdminAccountScreenData = { account: NonNullable<Awaited<ReturnType<typeof getAdminAccount>>> };

/** One business account for support, read-only; the not-found page for an unknown id. */
export async function loadAdminAccountScreen(id: string): Promise<AdminAccountScreenData> {
  const account = await getAdminAccount(id);
  if (!account) notFound();
  return { account };
}
