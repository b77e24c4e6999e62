"use client";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { subscriptionLabel } from "@/features/usage/components/subscription-label";
import { OverageBilling } from "./overage-billing";
import { OverageHistory } from "./overage-history";

const TRIAL_TEXT = "This subscription is in trial mode. No billing cycles are available yet.";

/** The overage panel of an active or trialing subscription: 'Overage Billing' and 'History'. */
export function OveragePanel({ subscription, label }: { subscription: AdminSubscription; label?: string }) {
  const name = label ?? subscriptionLabel(subscription);
  return (
    <Tabs defaultValue="billing">
      <TabsList aria-label={`Overage for ${name}`}>
        <TabsTrigger value="billing">Overage Billing</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
      </TabsList>
      <TabsContent value="billing">
        {subscription.status === "trialing" ? <p className="text-sm text-slate-700">{TRIAL_TEXT}</p> : <OverageBilling subscription={subscription} label={name} />}
      </TabsContent>
      <TabsContent value="history">
        <OverageHistory subscriptionId={subscription.id} />
      </TabsContent>
    </Tabs>
  );
}
