import "server-only";
import { notFound } from "@/lib/http/errors";
import { findCustomerOwner } from "../customers.server";
import { getSandboxProvider } from "../provider";
import type { ProviderSetupIntent } from "../provider/port";
import { syncCustomerSubscriptions } from "../sync.server";
import { advanceSandboxClock, clockOffsetDays, sandboxNow } from "./store.server";

/**
 * Confirms a sandbox setup intent for the signed-in owner of its customer and
 * syncs the mirror. Returns null when the secret names no setup intent of
 * this user; throws 404 when the sandbox is not the active provider.
 */
export async function confirmSandboxSetup(
  accountId: string,
  body: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string; name: string },
): Promise<ProviderSetupIntent | null> {
  const sandbox = await getSandboxProvider();
  if (!sandbox) throw notFound("The sandbox payment provider is not active");
  const si = await sandbox.setupIntentByClientSecret(body.clientSecret);
  if (!si || !si.customerId || (await findCustomerOwner(si.customerId)) !== accountId) return null;
  const result = await sandbox.confirmSetupIntent(body.clientSecret, {
    number: body.cardNumber,
    expMonth: body.expMonth,
    expYear: body.expYear,
    cvc: body.cvc,
    name: body.name,
  });
  if (result.status === "succeeded") await syncCustomerSubscriptions(si.customerId);
  return result;
}

export async function sandboxClockState(): Promise<{ active: boolean; offsetDays: number; now: string }> {
  const sandbox = await getSandboxProvider();
  if (!sandbox) return { active: false, offsetDays: 0, now: new Date().toISOString() };
  return { active: true, offsetDays: await clockOffsetDays(), now: (await sandboxNow()).toISOString() };
}

/** Admin action: moves the sandbox clock and syncs every sandbox customer so trial ends and renewals show. */
export async function advanceClockAndSync(days: number): Promise<{ active: true; offsetDays: number; now: string; customersSynced: number }> {
  const sandbox = await getSandboxProvider();
  if (!sandbox) throw notFound("The sandbox payment provider is not active");
  const state = await advanceSandboxClock(days);
  let synced = 0;
  for (const id of await sandbox.allCustomerIds()) {
    const r = await syncCustomerSubscriptions(id);
    if (r.found) synced++;
  }
  return { active: true, offsetDays: state.offsetDays, now: state.now.toISOString(), customersSynced: synced };
}
