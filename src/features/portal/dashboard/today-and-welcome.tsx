"use client";
import Link from "next/link";
import { CheckCircle2, Circle } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { formatUnits } from "@/lib/format";
import type { TodayTotals } from "@/features/interactions/attention";

/** The day at a glance: calls, bookings, missed calls and units used today, in the account's time zone. */
export function TodayStrip({ today }: { today: TodayTotals }) {
  const stats: [string, string][] = [
    ["Calls today", today.calls.toLocaleString("en-US")],
    ["Bookings today", today.bookings.toLocaleString("en-US")],
    ["Missed calls today", today.missedCalls.toLocaleString("en-US")],
    ["Units used today", formatUnits(today.units)],
  ];
  return (
    <section aria-labelledby="today-heading" className="mt-6">
      <h2 id="today-heading" className="text-sm font-semibold text-slate-700">
        Today ({today.timeZone})
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="today-strip">
        {stats.map(([label, value]) => (
          <li key={label} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="text-xs text-slate-700">{label}</p>
            <p className="text-xl font-bold text-slate-900">{value}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A first-time customer's three steps to a working AI employee, each linking to where it happens. */
export function FirstSteps({ hasSubscription, hasCalls, canSubscribe, canReadCalls = false }: { hasSubscription: boolean; hasCalls: boolean; canSubscribe: boolean; canReadCalls?: boolean }) {
  const steps = [
    {
      done: hasSubscription,
      title: "Start your free trial with a card",
      text: "Choose a plan; your card is charged only after the 14-day trial.",
      href: canSubscribe ? "/pricing" : null,
      link: "Choose Your Plan",
    },
    {
      done: hasCalls,
      title: "We prepare your AI employee",
      text: "Our team sets up your AI employee and its phone number; it appears under AI Employees.",
      href: "/billing?tab=ai-ready",
      link: "See your AI employees",
    },
    {
      done: hasCalls,
      title: "Make a test call, or forward your number",
      text: "Call your AI employee's number, or forward your business line to it; the calls show here.",
      href: "/calls",
      link: "See your calls",
    },
  ];
  return (
    <Card className="mt-8" data-testid="first-steps">
      <CardHeader>
        <CardTitle as="h2">Get Started with Your AI Employee</CardTitle>
        <CardDescription>Three steps to a working AI employee.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4">
          {steps.map((s, n) => (
            <li key={s.title} className="flex items-start gap-3">
              {s.done ? <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden /> : <Circle className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />}
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {n + 1}. {s.title}
                  {s.done ? <span className="sr-only"> (done)</span> : null}
                </p>
                <p className="text-sm text-slate-700">{s.text}</p>
                {s.href ? (
                  <Link href={s.href} className="text-sm font-medium text-brand-700 underline underline-offset-4">
                    {s.link}
                  </Link>
                ) : (
                  <p className="text-sm text-slate-700">An owner of your business account can choose the plan.</p>
                )}
              </div>
            </li>
          ))}
        </ol>
        {canReadCalls ? (
          <p className="mt-6 text-sm text-slate-700">
            Want to hear about calls as they happen, or a summary every morning?{" "}
            <Link href="/account/notifications" className="font-medium text-brand-700 underline underline-offset-4">
              Choose your notifications
            </Link>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
