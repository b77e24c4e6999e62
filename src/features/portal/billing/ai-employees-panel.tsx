"use client";
import { useQuery } from "@tanstack/react-query";
import { Bot, ExternalLink, MessageSquare, Phone, Sparkles } from "lucide-react";
import type { AiReadyOrderView } from "@/features/billing/api-types";
import { formatCents } from "@/features/plans/catalogue";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { isCancelling, isPastDue } from "@/features/billing/subscription-state";
import { aiEmployeeCardState, cancelDate, formatDate } from "../format";
import { usePortalSession } from "./use-portal-actions";
import { BILLING_AUTH_META } from "./use-billing-auth";

/**
 * Opens the plan chooser: without an id for a pending AI employee (the chooser
 * takes the first pending one, spec 2), with the AI employee's id to subscribe
 * an ended one again.
 */
type StartTrial = (aiEmployeeId?: string) => void;

/** The AI Employees tab: 'Available AI Employees'. `freeTrial` false: the button says Subscribe (the one free trial is used, ADR 0105). */
export function AiEmployeesPanel({ onStartTrial, freeTrial = true }: { onStartTrial: StartTrial; freeTrial?: boolean }) {
  const { data, isLoading, isError } = useQuery<AiReadyOrderView[]>({ queryKey: ["/api/ai-ready-orders"], meta: BILLING_AUTH_META });
  const orders = data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Available AI Employees</CardTitle>
        <CardDescription>AI employees ready for you to activate with a subscription plan</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <p className="text-slate-700">Loading AI employees...</p>
        ) : isError ? (
          <p className="text-red-800" role="alert">
            Unable to load your AI employees. Please try again.
          </p>
        ) : orders.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <Bot className="size-8 text-slate-500" aria-hidden />
            <p className="font-medium text-slate-900">No AI employees available</p>
            <p className="text-slate-700">When an AI employee is prepared for your account, it will appear here.</p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {orders.map((order) => (
              <li key={order.id}>
                <AiEmployeeCard order={order} onStartTrial={onStartTrial} startLabel={freeTrial ? "Start Free Trial" : "Subscribe"} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Avatar({ order }: { order: AiReadyOrderView }) {
  if (order.aiAvatarUrl) {
    // eslint-disable-next-line @next/next/no-img-element -- avatars come from our upload store or S3
    return <img src={order.aiAvatarUrl} alt="" className="size-14 rounded-full object-cover" />;
  }
  return (
    <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-xl font-bold text-brand-800" aria-hidden>
      {order.aiEmployeeName.charAt(0).toUpperCase() || "A"}
    </span>
  );
}

function ContactLinks({ order }: { order: AiReadyOrderView }) {
  return (
    <>
      <Button asChild variant="outline" size="sm">
        <a href={`tel:${order.aiPhoneNumber.replace(/[^\d+]/g, "")}`}>
          <Phone aria-hidden />
          Call {order.aiEmployeeName}
        </a>
      </Button>
      <Button asChild variant="outline" size="sm">
        <a href={order.webChatUrl} target="_blank" rel="noopener noreferrer">
          <MessageSquare aria-hidden />
          Chat with {order.aiEmployeeName}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </>
  );
}

/** 'Ends on {date}' when cancelling (issue 23), else 'Next: ${amount} on {date}' from the upcoming invoice. */
function NextOrCancel({ sub }: { sub: NonNullable<AiReadyOrderView["subscription"]> }) {
  // A failed payment matters more than the next one (the banner above the tabs says what to do).
  if (isPastDue(sub)) return <p className="text-sm font-semibold text-yellow-900">Payment past due: update your payment method</p>;
  if (isCancelling(sub)) return <p className="text-sm">Ends on {formatDate(cancelDate(sub))}</p>;
  const next = sub.stripeData.upcomingInvoice;
  if (!next) return null;
  return (
    <p className="text-sm">
      Next: {formatCents(next.amount)} on {formatDate(next.periodEnd ?? sub.currentPeriodEnd)}
    </p>
  );
}

/** An AI employee prepared after its subscription started joined that subscription (issue 23): no trial of its own. */
function JoinedNote({ order, sub }: { order: AiReadyOrderView; sub: AiReadyOrderView["subscription"] }) {
  // Recorded when it joined (the subscription's own dates follow the provider's clock, not ours).
  if (!sub || !order.joinedSubscription) return null;
  return (
    <p className="text-sm" data-testid="ai-employee-joined">
      Joined your existing {sub.plan.name} subscription
    </p>
  );
}

function AiEmployeeCard({ order, onStartTrial, startLabel }: { order: AiReadyOrderView; onStartTrial: StartTrial; startLabel: string }) {
  const portal = usePortalSession();
  const sub = order.subscription;
  const state = aiEmployeeCardState(order);
  return (
    <article className="flex h-full flex-col gap-4 rounded-lg border border-slate-200 p-5" aria-label={`AI employee ${order.aiEmployeeName}`} data-testid="ai-employee-card">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar order={order} />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-slate-900">{order.aiEmployeeName}</h3>
          <p className="whitespace-nowrap text-sm text-slate-700">{order.aiPhoneNumber}</p>
        </div>
        {state === "ended" && (
          <Badge variant="grey" className="ml-auto" data-testid="ai-employee-ended">
            Subscription ended
          </Badge>
        )}
        {state === "other" && (
          <Badge variant="grey" className="ml-auto">
            {order.status}
          </Badge>
        )}
      </div>

      {state === "pending" && (
        <>
          <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-brand-900">
              <Sparkles className="size-4" aria-hidden />
              Ready to Get Started?
            </p>
            <p className="text-sm text-slate-800">Your AI Employee is trained and ready!</p>
          </div>
          <ContactsAndStart order={order} label={startLabel} onStart={() => onStartTrial()} />
        </>
      )}

      {state === "ended" && <ContactsAndStart order={order} label={startLabel} onStart={() => onStartTrial(order.id)} />}

      {state === "claimed" && (
        <>
          <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
            <p className="font-semibold">✓ Subscription Started</p>
            <JoinedNote order={order} sub={sub} />
            {sub && sub.stripeData.daysInTrial > 0 && (
              <p className="text-sm">
                {sub.stripeData.daysInTrial} {sub.stripeData.daysInTrial === 1 ? "day" : "days"} left in your free trial
              </p>
            )}
            {sub && <NextOrCancel sub={sub} />}
          </div>
          <div className="mt-auto flex flex-wrap gap-2">
            <ContactLinks order={order} />
            <Button variant="outline" size="sm" onClick={portal.open} disabled={portal.opening}>
              <ExternalLink aria-hidden />
              {portal.opening ? "Opening..." : "Portal Dashboard"}
            </Button>
          </div>
        </>
      )}

      {state === "active" && (
        <>
          <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-950">
            <p className="font-semibold">✓ Active Subscription</p>
            <JoinedNote order={order} sub={sub} />
            {sub && <p className="text-sm">{sub.plan.name} Plan</p>}
            {sub && <NextOrCancel sub={sub} />}
          </div>
          <div className="mt-auto flex flex-wrap gap-2">
            <ContactLinks order={order} />
          </div>
        </>
      )}

      {state === "other" && (
        <div className="mt-auto flex flex-wrap gap-2">
          <ContactLinks order={order} />
        </div>
      )}
    </article>
  );
}

/** The AI employee's contact links and the button that starts its subscription. */
function ContactsAndStart({ order, label, onStart }: { order: AiReadyOrderView; label: string; onStart: () => void }) {
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <ContactLinks order={order} />
      </div>
      <Button onClick={onStart} className="mt-auto">
        {label}
      </Button>
    </>
  );
}
