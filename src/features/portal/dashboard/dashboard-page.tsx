"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNow } from "date-fns";
import { BarChart3, Calendar, CreditCard, Download, LifeBuoy, MessageSquare, Phone, Receipt, Rocket, Settings, Smartphone, type LucideIcon } from "lucide-react";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Progress } from "@/lib/ui/progress";
import type { ActivityEntry, ActivityResponse } from "../activity";
import { dashboardBadge, isLive } from "@/features/billing/subscription-state";
import { formatDate, usagePercent } from "../format";
import { UpgradeOffer } from "../billing/upgrade-offer";
import { formatCents } from "@/features/plans/catalogue";
import { formatUnits } from "@/lib/format";
import { NoticeStrip } from "@/features/interactions/components/notice-strip";
import type { AttentionResponse } from "@/features/interactions/attention";
import { AttentionInbox } from "./attention-inbox";
import { FirstSteps, TodayStrip } from "./today-and-welcome";

type Usage = { phoneUsed: number; phoneLimit: number; textUsed: number; textLimit: number };
type Units = { monthStart: string; monthEnd: string; calls: number; conversations: number; included: number | null; extra: number; extraCostCents: number };

/**
 * The dashboard's own data, loaded on the server for its page
 * (app/(portal)/dashboard/data.server.ts; ADR 0140): who is welcomed, what the
 * member may do in the business account (the quick actions follow it) and
 * the subscription summary with this month's units.
 */
export type DashboardData = {
  firstName: string | null;
  permissions: string[];
  subscription: {
    id: string;
    status: string;
    plan: { id?: string; name: string };
    billing: "monthly" | "annual";
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd?: boolean;
    usage: Usage;
    units: Units;
  } | null;
};

/**
 * The signed-in dashboard: welcome, plan, usage, quick actions, recent
 * activity. `data` comes from the server with the page; the inbox and the
 * activity load on the client. `spendLimit`: the server-rendered spend limit
 * card (issue 24).
 */
export function DashboardPage({ data, spendLimit = null }: { data: DashboardData; spendLimit?: ReactNode }) {
  // The needs-attention inbox and today's totals (issue 23, ADR 0115).
  const attention = useQuery<AttentionResponse>({ queryKey: ["/api/attention"] });

  const sub = data.subscription;
  // A trial or an overdue payment is still a live subscription: the full dashboard shows.
  const live = Boolean(sub && isLive(sub.status));
  // A first-time customer (no subscription or no calls yet): "Welcome" and the three steps (issue 23).
  const firstTime = !sub || (attention.data ? !attention.data.hasCalls : false);
  const timeZone = attention.data?.today.timeZone ?? "UTC";
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {firstTime ? "Welcome" : "Welcome back"}, {data.firstName || "there"}!
      </h1>
      <p className="mt-1 text-slate-700">{firstTime ? "Here is how to put your AI employee to work." : "Here\u2019s what needs you, and how your AI employee is doing."}</p>
      <NoticeStrip />
      {spendLimit}
      {attention.data && <TodayStrip today={attention.data.today} />}
      {(attention.data?.hasCalls || (attention.data && attention.data.handled.length > 0)) && <AttentionInbox data={attention.data} timeZone={timeZone} />}
      {firstTime && (
        <FirstSteps
          hasSubscription={Boolean(sub)}
          hasCalls={attention.data?.hasCalls ?? false}
          canSubscribe={data.permissions.includes("billing.manage")}
          canReadCalls={data.permissions.includes("calls.read")}
        />
      )}
      {live && sub ? <FullDashboard sub={sub} permissions={data.permissions} /> : !firstTime ? <GetStarted canSubscribe={data.permissions.includes("billing.manage")} /> : null}
    </section>
  );
}

/** No live subscription (an ended one): members who may buy choose a plan; the others are told who can. */
function GetStarted({ canSubscribe }: { canSubscribe: boolean }) {
  return (
    <Card className="mt-8">
      <CardHeader className="items-center text-center">
        <Rocket className="size-10 text-brand-700" aria-hidden />
        <CardTitle as="h2" className="text-2xl">
          Get Started with Your AI Employee
        </CardTitle>
        <CardDescription className="max-w-lg">Choose a plan to put your AI employee to work answering calls, chats and texts 24/7. Every plan starts with a 14-day free trial.</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        {canSubscribe ? (
          <Button asChild size="lg">
            <Link href="/pricing">Choose Your Plan</Link>
          </Button>
        ) : (
          <p className="text-sm text-slate-700">An owner of your business account can choose the plan.</p>
        )}
      </CardContent>
    </Card>
  );
}

function StatCard({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: React.ReactNode; detail?: string }) {
  // h-full: the four cards of a row are as tall as the tallest.
  return (
    <Card className="h-full">
      <CardContent className="flex items-start gap-4 pt-6">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-700">{label}</p>
          <div className="text-2xl font-bold text-slate-900">{value}</div>
          {detail && <p className="text-xs text-slate-600">{detail}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

function FullDashboard({ sub, permissions }: { sub: NonNullable<DashboardData["subscription"]>; permissions: string[] }) {
  const badge = dashboardBadge(sub.status);
  const phonePct = usagePercent(sub.usage.phoneUsed, sub.usage.phoneLimit);
  const textPct = usagePercent(sub.usage.textUsed, sub.usage.textLimit);
  return (
    <>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Summary">
        <li>
          <StatCard icon={CreditCard} label="Plan status" value={<Badge variant={badge.variant}>{badge.label}</Badge>} detail={`${sub.plan.name} plan`} />
        </li>
        <li>
          <StatCard icon={Phone} label="Phone units this month" value={formatUnits(sub.usage.phoneUsed)} detail={plural(sub.units.calls, "call", "calls")} />
        </li>
        <li>
          <StatCard icon={MessageSquare} label="Text units this month" value={formatUnits(sub.usage.textUsed)} detail={plural(sub.units.conversations, "conversation", "conversations")} />
        </li>
        <li>
          <StatCard
            icon={Calendar}
            label={sub.cancelAtPeriodEnd ? "Ends on" : sub.status === "trialing" ? "Trial ends" : "Renews on"}
            value={<span className="text-lg">{formatDate(sub.currentPeriodEnd) || "—"}</span>}
            detail={sub.billing === "annual" ? "Billed annually" : "Billed monthly"}
          />
        </li>
      </ul>

      <UpgradeOffer sub={sub} canManageBilling={permissions.includes("billing.manage")} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <CardHeader>
            <CardTitle as="h2">Current Plan</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-xl font-semibold text-slate-900">{sub.plan.name}</span>
              <Badge variant={badge.variant} data-testid="dashboard-status">
                {badge.label}
              </Badge>
            </div>
            <p className="text-sm text-slate-700">{sub.billing === "annual" ? "Annual billing" : "Monthly billing"}</p>
            {sub.currentPeriodEnd && (
              <p className="text-sm text-slate-700">
                {sub.status === "trialing" ? "Free trial until" : "Current period ends"} {formatDate(sub.currentPeriodEnd)}
              </p>
            )}
            {sub.status === "past_due" && (
              <p className="rounded-md bg-yellow-50 p-2 text-sm text-yellow-900">
                Your last payment failed. Update your card in{" "}
                <Link href="/billing" className="font-semibold underline">
                  Billing
                </Link>{" "}
                to keep your AI employee running.
              </p>
            )}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle as="h2">Usage This Month</CardTitle>
              <Link href="/calls" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
                View calls &amp; messages
              </Link>
            </div>
            <CardDescription>
              {formatDate(sub.units.monthStart)} – {formatDate(sub.units.monthEnd)}; phone and text share the plan&apos;s included units.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <UsageBar label="Phone units" used={sub.usage.phoneUsed} limit={sub.usage.phoneLimit} pct={phonePct} />
            <UsageBar label="Text units" used={sub.usage.textUsed} limit={sub.usage.textLimit} pct={textPct} />
            <UnitsTotal units={sub.units} used={sub.usage.phoneUsed + sub.usage.textUsed} trial={sub.status === "trialing"} />
          </CardContent>
        </Card>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {permissions.includes("billing.read") ? <QuickAction href="/billing" icon={Receipt} label="Manage Billing" /> : null}
            {permissions.includes("calls.export") ? <DownloadReports /> : null}
            {permissions.includes("settings.read") ? <QuickAction href="/ai-employees" icon={Settings} label="AI Settings" /> : null}
            <QuickAction href="/contact" icon={LifeBuoy} label="Support" />
          </CardContent>
        </Card>
        <RecentActivity />
      </div>
    </>
  );
}

/** A quick action: a link styled as an outline button, its icon before the label. */
function QuickAction({ href, icon: Icon, label }: { href: string; icon: LucideIcon; label: string }) {
  return (
    <Button asChild variant="outline" className="justify-start">
      <Link href={href}>
        <Icon aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

function UsageBar({ label, used, limit, pct }: { label: string; used: number; limit: number; pct: number }) {
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="text-slate-700" data-testid={`usage-${label.split(" ")[0]!.toLowerCase()}`}>
          {formatUnits(used)} / {limit.toLocaleString("en-US")} ({Math.round(pct)}%)
        </span>
      </div>
      <Progress value={pct} label={`${label} used this month`} />
    </div>
  );
}

/** The month's units against the allowance; a trial month's extra units are not billed (ADRs 0144 and 0145). */
function UnitsTotal({ units, used, trial }: { units: Units; used: number; trial: boolean }) {
  if (units.included === null) return <p className="text-sm text-slate-700">{formatUnits(used)} units used; your plan has no unit limit.</p>;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="usage-total">
      <p>
        {formatUnits(used)} of {units.included.toLocaleString("en-US")} included units used.
      </p>
      {units.extra > 0 && (
        <p className="mt-1 font-medium text-slate-900">
          Extra units: {formatUnits(units.extra)} {trial ? "(not billed during your free trial)" : `(${formatCents(units.extraCostCents)} at your plan's extra-unit price)`}
        </p>
      )}
    </div>
  );
}

/** Download Reports: the call log and the monthly usage, as CSV. */
function DownloadReports() {
  return (
    <details className="group rounded-md border border-slate-200">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50">
        <Download className="size-4" aria-hidden />
        Download Reports
      </summary>
      <ul className="flex flex-col gap-1 px-4 pb-3 text-sm">
        <li>
          <a className="text-brand-700 underline-offset-4 hover:underline" href="/api/interactions/export.csv" download>
            Calls &amp; messages (CSV)
          </a>
        </li>
        <li>
          <a className="text-brand-700 underline-offset-4 hover:underline" href="/api/interactions/monthly-usage.csv" download>
            Monthly usage (CSV)
          </a>
        </li>
      </ul>
    </details>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

const ACTIVITY_ICONS: Record<ActivityEntry["type"], LucideIcon> = {
  appointment: Calendar,
  call: Phone,
  chat: MessageSquare,
  sms: Smartphone,
  subscription: CreditCard,
  invoice: BarChart3,
};

/**
 * '5 minutes ago' for past events; a date for ones stamped ahead of this
 * machine's clock (the sandbox provider's clock can be moved forward).
 */
function whenText(iso: string): string {
  const d = new Date(iso);
  return d.getTime() > Date.now() + 60_000 ? formatDate(iso) : formatDistanceToNow(d, { addSuffix: true });
}

function RecentActivity() {
  const { data, isLoading, isError } = useQuery<ActivityResponse>({ queryKey: ["/api/activity"] });
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle as="h2">Recent Activity</CardTitle>
          {data?.sample && <Badge variant="grey">Sample data</Badge>}
        </div>
        {data?.sample && <CardDescription>Nothing has happened yet; these sample entries show what you will see here.</CardDescription>}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-slate-700">Loading activity...</p>
        ) : isError || !data ? (
          <p className="text-slate-700">Recent activity is unavailable right now.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100" data-testid="recent-activity">
            {data.entries.map((entry) => {
              const Icon = ACTIVITY_ICONS[entry.type] ?? CreditCard;
              return (
                <li key={entry.id} className="flex items-start gap-3 py-3">
                  <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                  <div className="min-w-0">
                    <Link href={entry.href} className="text-sm text-slate-900 underline-offset-4 hover:text-brand-700 hover:underline">
                      {entry.description}
                    </Link>
                    <p className="text-xs text-slate-600">
                      <time dateTime={entry.timestamp}>{whenText(entry.timestamp)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
