"use client";
import { useId, useState } from "react";
import { estimate, perCallText, recommendationText, type Estimate } from "@/features/plans/estimator";
import { formatUnits } from "@/lib/format";
import { formatCents } from "@/features/plans/catalogue";

type Field = "calls" | "minutes" | "chats";

/** The plans table's column headings and their alignment. */
const COLUMNS = [
  ["Plan", ""],
  ["Extra units", ""],
  ["Monthly cost", "text-right"],
] as const;

function parse(values: Record<Field, string>): { monthly: Estimate; annual: Estimate; minutes: number } | null {
  const calls = Number(values.calls);
  const minutes = Number(values.minutes);
  const chats = Number(values.chats);
  if ([values.calls, values.minutes, values.chats].some((v) => v.trim() === "")) return null;
  try {
    return {
      monthly: estimate({ callsPerMonth: calls, avgCallMinutes: minutes, chatsPerMonth: chats }),
      annual: estimate({ callsPerMonth: calls, avgCallMinutes: minutes, chatsPerMonth: chats, billing: "annual" }),
      minutes,
    };
  } catch {
    return null;
  }
}

/** Cost estimator: usage in, cheapest plan (including extra units) out. Uses the same unit rules as billing. */
export function CostEstimator() {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ calls: "150", minutes: "2.5", chats: "60" });
  const result = parse(values);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const input = "mt-1 h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-slate-900";

  return (
    <div className="grid gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:grid-cols-2">
      <form className="grid gap-4" onSubmit={(e) => e.preventDefault()} aria-describedby={`${id}-hint`}>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          Enter a typical month. Chats are priced as conversations within 15 agent messages.
        </p>
        <label className="text-sm font-medium text-slate-800">
          Answered calls per month
          <input className={input} type="number" inputMode="numeric" min={0} step={1} value={values.calls} onChange={set("calls")} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Average call length (minutes)
          <input className={input} type="number" inputMode="decimal" min={0} step={0.5} value={values.minutes} onChange={set("minutes")} />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Chat and text conversations per month
          <input className={input} type="number" inputMode="numeric" min={0} step={1} value={values.chats} onChange={set("chats")} />
        </label>
      </form>
      <div aria-live="polite" data-testid="estimate-result">
        {result ? (
          <>
            <p className="text-sm text-slate-700">
              Your usage: <strong className="text-slate-950">{formatUnits(result.monthly.units)} units</strong> a month
            </p>
            <p className="mt-1 text-sm text-slate-700">{perCallText(result.minutes)} (see the unit calculation chart).</p>
            <p className="mt-3 text-sm font-semibold uppercase tracking-wide text-brand-700">Recommended plan</p>
            <p className="text-3xl font-bold text-slate-950">{result.monthly.recommended.plan.name}</p>
            <p className="mt-2 text-slate-800">{recommendationText(result.monthly.recommended)}</p>
            <p className="mt-1 text-sm text-slate-700">
              Billed annually: {result.annual.recommended.plan.name} at {formatCents(result.annual.recommended.total)} a month.
            </p>
            {result.monthly.suggestEnterprise ? (
              <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">At this volume an Enterprise plan with custom unit pricing is likely cheaper. Contact us for a quote.</p>
            ) : null}
            <table className="mt-4 w-full text-left text-sm">
              <caption className="sr-only">Monthly cost of this usage on each plan</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-700">
                  {COLUMNS.map(([label, align]) => (
                    <th key={label} scope="col" className={`py-1 font-medium ${align}`}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.monthly.plans.map((p) => (
                  <tr key={p.plan.id} className="border-b border-slate-100">
                    <th scope="row" className="py-1 font-medium text-slate-900">
                      {p.plan.name}
                    </th>
                    <td className="py-1 text-slate-800">{formatUnits(p.overageUnits)}</td>
                    <td className="py-1 text-right text-slate-900">{formatCents(p.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p role="alert" className="text-sm text-red-700">
            Enter numbers of 0 or more: whole numbers of calls and conversations, and an average call length in minutes.
          </p>
        )}
      </div>
    </div>
  );
}
