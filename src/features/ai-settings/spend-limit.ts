import type { SettingsDocument, SpendLimitMode } from "./settings.schema";

/**
 * The mode the spend limit calls for, given the usage month's units and the
 * plan. `extraUnitCents` is the plan's price of one extra unit in cents (null:
 * no extra-unit price, e.g. Enterprise). Messages only when:
 * `messages_at_limit` and used ≥ included; `cap` and the extra units' cost
 * (used − included) × price reaches capCents. `bill_extra` never switches.
 * Unlimited plans (included null) never switch.
 *
 * Units are thousandths; the extra units' cost is counted as the month's bill
 * charges it (overage/auto-bill.server.ts: thousandths × cents a unit, rounded
 * to a cent once) and compared with capCents in integer cents. A `cap` on a plan with
 * no extra-unit price cannot price the extra units, so nothing is billed
 * beyond 100%: it switches at 100%, like `messages_at_limit`.
 */
export function spendModeFor(limit: SettingsDocument["spendLimit"], usage: { usedMilli: number; includedMilli: number | null; extraUnitCents: number | null }): "normal" | "messages_only" {
  const { usedMilli, includedMilli, extraUnitCents } = usage;
  if (includedMilli === null) return "normal";
  switch (limit.mode) {
    case "bill_extra":
      return "normal";
    case "messages_at_limit":
      return usedMilli >= includedMilli ? "messages_only" : "normal";
    case "cap": {
      if (usedMilli < includedMilli) return "normal";
      if (extraUnitCents === null) return "messages_only";
      const extraMilli = usedMilli - includedMilli;
      return extraCostCents(extraMilli, extraUnitCents) >= (limit.capCents ?? 0) ? "messages_only" : "normal";
    }
  }
}

/** What `extraMilli` thousandths of a unit cost at `unitCents` a unit, in cents, as the bill charges them. */
export function extraCostCents(extraMilli: number, unitCents: number): number {
  return Math.round((extraMilli * unitCents) / 1000);
}

/** The spend-limit choices as the settings page and the history name them. */
export const SPEND_LIMIT_LABELS: Record<SpendLimitMode, string> = {
  bill_extra: "Keep answering and bill extra units",
  cap: "Allow extra units up to an amount, then take messages only",
  messages_at_limit: "Take messages only at 100%",
};

export function spendLimitLabel(mode: SpendLimitMode): string {
  return SPEND_LIMIT_LABELS[mode];
}
