import Link from "next/link";
import { PhoneOff, Wallet } from "lucide-react";
import { formatDate } from "@/lib/format";

/** One AI employee's spend limit as the dashboard shows it (interactions/spend-status.server.ts builds the lines). */
export type SpendLimitLine = {
  aiEmployeeId: string;
  name: string;
  /** ISO end of the usage month in which it switched to messages only; null while it answers normally. */
  messagesOnlyUntil: string | null;
  /** "take messages only at 100%", "allow extra units up to $50, then take messages only"; null for "bill extra units". */
  limitText: string | null;
};

const settingsHref = (id: string) => `/ai-employees/${encodeURIComponent(id)}/settings`;

/**
 * The dashboard's spend limit card (issue 24): which mode is on. An AI
 * employee taking messages only says so first, with the date it ends;
 * otherwise the limit that is set. Nothing when every AI employee bills extra
 * units (the default). Dates in the account's time zone.
 */
export function SpendModeCard({ lines, timeZone }: { lines: SpendLimitLine[]; timeZone: string }) {
  if (lines.length === 0) return null;
  const many = lines.length > 1;
  return (
    <section aria-labelledby="spend-limit-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="spend-limit-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Wallet className="size-4" aria-hidden />
        Spend limit
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {lines.map((l) => (
          <li
            key={l.aiEmployeeId}
            className={
              l.messagesOnlyUntil
                ? "flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
                : "flex flex-wrap items-baseline gap-x-3 gap-y-1 text-slate-700"
            }
          >
            {l.messagesOnlyUntil ? (
              <p className="flex items-center gap-2 font-medium">
                <PhoneOff className="size-4 shrink-0" aria-hidden />
                {`Spend limit reached: ${l.name} is taking messages only until ${formatDate(l.messagesOnlyUntil, { timeZone })}`}
              </p>
            ) : (
              <p>{many ? `${l.name}: ${l.limitText}` : `Spend limit: ${l.limitText}`}</p>
            )}
            <Link
              href={settingsHref(l.aiEmployeeId)}
              className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              aria-label={many ? `Change spend limit for ${l.name}` : undefined}
            >
              Change spend limit
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
