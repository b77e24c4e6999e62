"use client";
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import type { AiReadyOrderView, CustomerSubscription } from "@/features/billing/api-types";
import { Button } from "@/lib/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import { toast } from "@/lib/ui/toaster";
import { pastDueSubscriptions } from "../format";
import { AiEmployeesPanel } from "./ai-employees-panel";
import { BillingHistoryPanel } from "./billing-history";
import { PastDueBanner } from "./past-due-banner";
import { PlanChooser } from "./plan-chooser";
import { SubscriptionsPanel } from "./subscriptions-panel";
import { parseTab, type BillingTab, type ReturnNotice } from "./return-notice";
import { BILLING_AUTH_META } from "./use-billing-auth";
import { usePortalSession } from "./use-portal-actions";

const CREATED = {
  title: "Subscription Created Successfully!",
  description: "Your 14-day free trial has started. You won't be charged until the trial ends.",
};

/** A paid start, once the free trial is used (ADR 0105). */
const PAID_STARTED = {
  title: "Subscription Started!",
  description: "Your card has been charged and your subscription is active.",
};

const NOTICES = {
  trial: { title: "Trial Started!", description: CREATED.description },
  created: CREATED,
  paid: PAID_STARTED,
} as const;

const RETURN_PARAMS = ["subscription", "success", "trial"] as const;

/**
 * Billing & Account: AI employees, subscriptions, billing history.
 * `freeTrial`: whether the customer's one free trial is still unused (ADR
 * 0105); the plan chooser says so before it leads to the card form.
 */
export function BillingPage({ initialTab, notice, freeTrial }: { initialTab: BillingTab | null; notice: ReturnNotice; freeTrial: boolean }) {
  // After a flow returns here, open the Subscription tab so the new trial is in view.
  const [tab, setTab] = useState<BillingTab>(initialTab ?? (notice ? "overview" : "ai-ready"));
  // The chooser is open for the AI employee to subscribe: undefined when closed, null for none.
  const [chooserFor, setChooserFor] = useState<string | null | undefined>(undefined);
  const portal = usePortalSession();
  const orders = useQuery<AiReadyOrderView[]>({ queryKey: ["/api/ai-ready-orders"], meta: BILLING_AUTH_META });
  const pending = orders.data?.find((o) => o.status === "pending") ?? null;
  // While a payment is past due, coming back from the portal tab re-reads the subscriptions.
  const subscriptions = useQuery<CustomerSubscription[]>({
    queryKey: ["/api/user-subscriptions"],
    meta: BILLING_AUTH_META,
    refetchOnWindowFocus: (query) => pastDueSubscriptions(query.state.data).length > 0,
  });
  const handled = useRef(false);

  // Return parameters: show the toast once, open the subscription, then drop them from the URL.
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (!notice) return;
    toast(NOTICES[notice]);
    const url = new URL(window.location.href);
    for (const key of RETURN_PARAMS) url.searchParams.delete(key);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [notice]);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Billing & Account</h1>
          <p className="mt-1 text-slate-700">Manage your AI employees, subscription, and billing</p>
        </div>
        <Button variant="outline" onClick={portal.open} disabled={portal.opening}>
          <ExternalLink aria-hidden />
          {portal.opening ? "Opening..." : "Portal Dashboard"}
          <span className="sr-only"> (opens in a new tab)</span>
        </Button>
      </div>

      <PastDueBanner subscriptions={subscriptions.data} />

      <Tabs
        value={tab}
        onValueChange={(v) => {
          const t = parseTab(v);
          if (t) setTab(t);
        }}
        className="mt-8"
      >
        <TabsList aria-label="Billing sections">
          <TabsTrigger value="ai-ready">AI Employees</TabsTrigger>
          <TabsTrigger value="overview">Subscription</TabsTrigger>
          <TabsTrigger value="billing">Billing History</TabsTrigger>
        </TabsList>
        <TabsContent value="ai-ready" className="flex flex-col gap-6">
          {/* A pending AI employee: the first pending one (spec 2); an ended one: itself. */}
          <AiEmployeesPanel freeTrial={freeTrial} onStartTrial={(aiEmployeeId) => setChooserFor(aiEmployeeId ?? pending?.id ?? null)} />
          {chooserFor !== undefined && <PlanChooser aiEmployeeId={chooserFor} freeTrial={freeTrial} onClose={() => setChooserFor(undefined)} />}
        </TabsContent>
        <TabsContent value="overview">
          <SubscriptionsPanel />
        </TabsContent>
        <TabsContent value="billing">
          <BillingHistoryPanel />
        </TabsContent>
      </Tabs>
    </section>
  );
}
