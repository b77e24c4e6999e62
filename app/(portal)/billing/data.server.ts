import "server-only";
import type { PortalUser } from "@/features/auth/guards.server";
import { freeTrialAvailable } from "@/features/billing/free-trial.server";
import { parseTab, returnNotice } from "@/features/portal/billing/return-notice";

type Search = Record<string, string | string[] | undefined>;

export type BillingScreenData = { initialTab: ReturnType<typeof parseTab>; notice: ReturnType<typeof returnNotice>; freeTrial: boolean };

/** /billing: the tab and the notice the address asks for, and whether the account may still start a free trial. */
export async function loadBillingScreen({ account }: PortalUser, params: Search): Promise<BillingScreenData> {
  const get = (key: string) => (typeof params[key] === "string" ? params[key] : null);
  return { initialTab: parseTab(get("tab")), notice: returnNotice({ get }), freeTrial: await freeTrialAvailable(account.id) };
}
