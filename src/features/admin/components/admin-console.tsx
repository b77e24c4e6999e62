"use client";
import { useState, type ComponentType } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import { SubscriptionsTab } from "@/features/admin-subscriptions/components/subscriptions-tab";
import { TestTab } from "@/features/test-tools/components/test-tab";
import { CreateOrderForm } from "@/features/orders/components/create-order-form";
import { ManageOrders } from "@/features/orders/components/manage-orders";
import { NotificationsTab } from "@/features/notifications/components/notifications-tab";
import { ADMIN_TABS, type AdminTab } from "../tabs";

/** What each tab shows. */
const PANELS: Record<AdminTab, ComponentType> = {
  subscriptions: SubscriptionsTab,
  orders: CreateOrderForm,
  "ai-ready-orders": ManageOrders,
  test: TestTab,
  notifications: NotificationsTab,
};

/**
 * The /admin console: five tabs (spec 2; Test only while the test tools are on).
 * The admin pages outside it are in the header's admin navigation (issue 23). The chosen tab is kept in ?tab= so
 * a reload or a shared link opens the same tab. Tab panels mount on first
 * visit only (Radix unmounts inactive panels), so each tab loads its data
 * when opened.
 */
export function AdminConsole({ initialTab, firstName, testTools }: { initialTab: AdminTab; firstName: string | null; testTools: boolean }) {
  // The Test tab only while the test tools are on (ENABLE_TEST_TOOLS; their routes are 404 otherwise).
  const tabs = ADMIN_TABS.filter((t) => testTools || t.value !== "test");
  const [tab, setTab] = useState<AdminTab>(tabs.some((t) => t.value === initialTab) ? initialTab : "subscriptions");
  const onChange = (value: string) => {
    const next = tabs.find((t) => t.value === value)?.value ?? "subscriptions";
    setTab(next);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(null, "", url);
  };
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="mt-1 text-slate-700">{firstName ? `Signed in as ${firstName}. ` : ""}Manage subscriptions, AI-ready orders, tests and notifications.</p>
        </div>
      </div>
      <Tabs value={tab} onValueChange={onChange} className="mt-6">
        <TabsList aria-label="Admin sections">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value }) => {
          const Panel = PANELS[value];
          return (
            <TabsContent key={value} value={value}>
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}
