"use client";
import { useState } from "react";
import Link from "next/link";
import { Icon } from "@/lib/ui/icon";
import { PLANS, formatDollars, type Billing, type PlanId } from "@/features/plans/catalogue";

const SHOWN_BY_DEFAULT = 4;

/** Class names joined with a space: the shared class-merging helper would add 9 KB to /pricing, and these never conflict. */
const cx = (...names: string[]) => names.join(" ");

/** Monthly/annual toggle and the five plan cards (click a card or its button to show all 15 features). */
export function PlanCards() {
  const [billing, setBilling] = useState<Billing>("monthly");
  const [expanded, setExpanded] = useState<Partial<Record<PlanId, boolean>>>({});
  const toggle = (id: PlanId) => setExpanded((e) => ({ ...e, [id]: !e[id] }));

  return (
    <div>
      <div role="group" aria-label="Billing period" className="mx-auto flex w-fit items-center gap-1 rounded-full border border-slate-300 bg-white p-1">
        {(["monthly", "annual"] as const).map((b) => (
          <button
            key={b}
            type="button"
            aria-pressed={billing === b}
            onClick={() => setBilling(b)}
            className={cx("rounded-full px-5 py-2 text-sm font-semibold transition-colors", billing === b ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-slate-100")}
          >
            {b === "monthly" ? "Monthly" : "Annual"}
            {b === "annual" ? <span className={cx("ml-2 rounded-full px-2 py-0.5 text-xs", billing === b ? "bg-white text-brand-800" : "bg-emerald-100 text-emerald-900")}>Save 10%</span> : null}
          </button>
        ))}
      </div>

      <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-5">
        {PLANS.map((plan) => {
          const open = Boolean(expanded[plan.id]);
          const price = billing === "annual" ? plan.annualPrice : plan.monthlyPrice;
          const features = open ? plan.features : plan.features.slice(0, SHOWN_BY_DEFAULT);
          const hidden = plan.features.length - SHOWN_BY_DEFAULT;
          const listId = `plan-${plan.id}-features`;
          return (
            <li
              key={plan.id}
              data-testid={`plan-${plan.id}`}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest("a,button")) return;
                toggle(plan.id);
              }}
              className={cx(
                "relative flex cursor-pointer flex-col rounded-2xl border bg-white p-6 shadow-sm transition-shadow hover:shadow-md",
                plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
              )}
            >
              {plan.popular ? <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">Most Popular</p> : null}
              <h3 className="text-xl font-bold text-slate-950">{plan.name}</h3>
              <p className="mt-2 min-h-12 text-sm text-slate-700">{plan.description}</p>
              <p className="mt-4">
                {price === null ? (
                  <span className="text-3xl font-bold text-slate-950">Custom</span>
                ) : (
                  <>
                    <span className="text-3xl font-bold text-slate-950" data-testid={`price-${plan.id}`}>
                      {formatDollars(price)}
                    </span>
                    <span className="text-slate-700">/month</span>
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-slate-700">{price === null ? "Volume pricing for your needs" : billing === "annual" ? "billed annually" : "billed monthly"}</p>
              <p className="mt-3 text-sm font-semibold text-brand-800">{plan.unitsLabel}</p>
              <ul id={listId} className="mt-4 flex-1 space-y-2 text-sm">
                {features.map((f) => (
                  <li key={f} className="flex gap-2 text-slate-800">
                    <Icon name="Check" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                    <span>{f}</span>
                  </li>
                ))}
              </ul>
              <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => toggle(plan.id)} className="mt-3 self-start text-sm font-semibold text-brand-700 hover:underline">
                {open ? "Show Less" : `+${hidden} more features`}
              </button>
              {plan.id === "enterprise" ? (
                <Link href="/contact" className="mt-5 rounded-md border border-brand-700 px-4 py-2.5 text-center font-semibold text-brand-800 hover:bg-brand-50">
                  Contact Sales
                </Link>
              ) : (
                <Link
                  href={`/subscribe?plan=${plan.id}&billing=${billing}`}
                  aria-label={`Start free trial of the ${plan.name} plan`}
                  className={cx(
                    "mt-5 rounded-md px-4 py-2.5 text-center font-semibold",
                    plan.popular ? "bg-brand-700 text-white hover:bg-brand-800" : "border border-brand-700 text-brand-800 hover:bg-brand-50",
                  )}
                >
                  Start Free Trial
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-700">* Features marked with an asterisk need advanced setup ($65 per hour).</p>
    </div>
  );
}
