import "server-only";
import { recentInvoices, recentSubscriptions } from "@/features/billing/account-subscriptions.server";
import { recentInteractions } from "@/features/interactions/interactions-read.server";
import { recentUsageRecords } from "@/features/usage/usage.server";
import { findPlan, formatCents } from "@/features/plans/catalogue";
import { sampleActivity, type ActivityEntry, type ActivityResponse } from "./activity";

const LIMIT = 10;

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/**
 * The account's Recent Activity from real data: recorded usage, subscription
 * events (trial started, cancellation scheduled) and invoices, newest first.
 * Only the account's own rows are read. With nothing yet, sample entries
 * flagged `sample: true`.
 */
export async function recentActivity(accountId: string, opts: { billing: boolean } = { billing: true }, now: Date = new Date()): Promise<ActivityResponse> {
  // Subscription and invoice events only for members who may see billing (issue 22).
  const [subs, usage, invs, calls] = await Promise.all([
    opts.billing ? recentSubscriptions(accountId, LIMIT) : [],
    recentUsageRecords(accountId, LIMIT),
    opts.billing ? recentInvoices(accountId, LIMIT) : [],
    recentInteractions(accountId, LIMIT),
  ]);

  const entries: ActivityEntry[] = [];
  for (const sub of subs) {
    const planName = findPlan(sub.planId)?.name ?? sub.planId;
    const started = sub.trialStart ?? sub.createdAt;
    entries.push({
      id: `sub-${sub.id}`,
      description: sub.trialEnd ? `Free trial started on the ${planName} plan` : `Subscribed to the ${planName} plan`,
      timestamp: started.toISOString(),
      type: "subscription",
      href: "/billing",
    });
    if (sub.cancelAtPeriodEnd || sub.providerCancelAtPeriodEnd) {
      entries.push({
        id: `cancel-${sub.id}`,
        description: `Cancellation scheduled for the ${planName} plan`,
        timestamp: sub.updatedAt.toISOString(),
        type: "subscription",
        href: "/billing",
      });
    }
  }
  for (const row of usage) {
    const phone = row.phoneInbound + row.phoneOutbound;
    const text = row.textInbound + row.textOutbound;
    if (phone > 0) {
      entries.push({
        id: `usage-phone-${row.id}`,
        description: `${plural(phone, "phone session", "phone sessions")} recorded`,
        timestamp: row.createdAt.toISOString(),
        type: "call",
        href: "/calls?channel=phone",
      });
    }
    if (text > 0) {
      entries.push({ id: `usage-text-${row.id}`, description: `${plural(text, "text session", "text sessions")} recorded`, timestamp: row.createdAt.toISOString(), type: "chat", href: "/calls" });
    }
  }
  for (const inv of invs) {
    const amount = formatCents(inv.status === "paid" ? inv.amountPaid : inv.amountDue);
    entries.push({
      id: `invoice-${inv.id}`,
      description: inv.status === "paid" ? `Invoice paid: ${amount}` : `Invoice ${inv.status}: ${amount}`,
      timestamp: inv.issuedAt.toISOString(),
      type: "invoice",
      href: "/billing",
    });
  }

  for (const c of calls)
    entries.push({ id: `interaction-${c.id}`, description: describeInteraction(c), timestamp: c.startedAt.toISOString(), type: interactionType(c), href: `/calls/${encodeURIComponent(c.id)}` });

  if (entries.length === 0) return { entries: sampleActivity(now), sample: true };
  entries.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return { entries: entries.slice(0, LIMIT), sample: false };
}

type InteractionRow = { channel: string; direction: string; outcome: string; from: string | null; to: string | null; summary: string | null; appointmentBooked: boolean };

const CHANNEL_NOUN: Record<string, string> = { phone: "Call", sms: "Text conversation", chat: "Chat", social: "Social message" };
const OUTCOME_TEXT: Record<string, string> = { voicemail: "voicemail", no_answer: "no answer", busy: "busy", failed: "failed", spam: "spam", transferred: "transferred" };

/** 'Call from +15550100200: Booked a furnace repair…' (the summary's first line), or the outcome when there is no summary. */
function describeInteraction(c: InteractionRow): string {
  const who = c.direction === "inbound" ? (c.from ? ` from ${c.from}` : "") : c.to ? ` to ${c.to}` : "";
  const head = `${CHANNEL_NOUN[c.channel] ?? "Conversation"}${who}`;
  const firstLine = c.summary?.split("\n")[0]?.trim();
  if (firstLine) return `${head}: ${firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine}`;
  return OUTCOME_TEXT[c.outcome] ? `${head} (${OUTCOME_TEXT[c.outcome]})` : head;
}

function interactionType(c: InteractionRow): ActivityEntry["type"] {
  if (c.appointmentBooked) return "appointment";
  return c.channel === "phone" ? "call" : c.channel === "sms" ? "sms" : "chat";
}
