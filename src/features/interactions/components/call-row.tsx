import Link from "next/link";
import { MessageSquare, Phone } from "lucide-react";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";
import { callNumber, callTime, type CallDisplay } from "../call-display";
import { CHANNEL_LABEL, DIRECTION_LABEL, OUTCOME_LABEL, formatDuration, formatUnitCount, type InteractionItem } from "../interaction-view";

/** The other party's number: the caller of an inbound record, the one called on an outbound one, as the account's country writes it. */
export function otherNumber(item: Pick<InteractionItem, "direction" | "from" | "to">, display: Pick<CallDisplay, "country">): string {
  return callNumber(item.direction === "inbound" ? item.from : item.to, display);
}

/** The other party as people name them: the caller's name when given, else the number, else what it was. */
export function otherParty(item: Pick<InteractionItem, "direction" | "from" | "to" | "channel" | "callerName">, display: Pick<CallDisplay, "country">): string {
  return item.callerName || otherNumber(item, display) || (item.channel === "chat" ? "Website visitor" : "Unknown");
}

/** The row's title: the summary's first line, else what it was. */
function title(item: InteractionItem): string {
  const first = item.summary
    ?.split(/\r?\n/)
    .find((l) => l.trim())
    ?.trim();
  if (first) return first;
  return `${DIRECTION_LABEL[item.direction]} ${item.channel === "phone" ? "call" : `${CHANNEL_LABEL[item.channel]} conversation`}`;
}

/** One record of the call log: its title links to the detail view; time, channel, caller (name and number), length, outcome and units below. */
export function CallRow({ item, display }: { item: InteractionItem; display: CallDisplay }) {
  const number = otherNumber(item, display);
  const Icon = item.channel === "phone" ? Phone : MessageSquare;
  return (
    <li className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-slate-300 hover:bg-slate-50">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="min-w-0 flex-1 text-base font-semibold text-slate-900">
          {/* The link covers the whole card (after:inset-0); the focus ring is drawn on the card. */}
          <Link href={`/calls/${encodeURIComponent(item.id)}`} className="break-words outline-none after:absolute after:inset-0 after:content-['']">
            {title(item)}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          {item.spamReportedAt ? <Badge variant="amber">Reported as spam</Badge> : null}
          {item.spamReview === "pending" ? <Badge variant="outline">Spam report pending review</Badge> : null}
          {item.spamReview === "declined" ? <Badge variant="outline">Spam report declined</Badge> : null}
          {item.appointmentBooked ? <Badge variant="green">Appointment booked</Badge> : null}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Field label="Time">
          <time dateTime={item.startedAt}>{callTime(item.startedAt, display)}</time>
        </Field>
        <Field label="Channel">
          <span className="inline-flex items-center gap-1">
            <Icon className="size-4 text-slate-600" aria-hidden />
            {CHANNEL_LABEL[item.channel]} · {DIRECTION_LABEL[item.direction].toLowerCase()}
          </span>
        </Field>
        <Field label={item.direction === "inbound" ? "Caller" : "Called"}>
          <span className="break-words">{otherParty(item, display)}</span>
          {item.callerName && number ? <span className="block break-all text-slate-700">{number}</span> : null}
        </Field>
        <Field label={item.channel === "phone" ? "Duration" : "AI messages"}>{item.channel === "phone" ? formatDuration(item.durationSeconds) : String(item.agentMessages ?? 0)}</Field>
        <Field label="Outcome">{OUTCOME_LABEL[item.outcome]}</Field>
        <Field label="Units">
          {formatUnitCount(item.units)}
          {item.creditedUnits !== null ? <span className="text-slate-700"> ({item.creditedUnits} credited)</span> : null}
        </Field>
      </dl>
    </li>
  );
}

/** One labelled fact of a call (a dt and its dd); `className` goes to the dd. */
export function Field({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className={cn("text-slate-900", className)}>{children}</dd>
    </div>
  );
}
