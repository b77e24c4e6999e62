import type { SettingsDocument } from "./settings.schema";

/**
 * CONTRACT (helper "engine" builds it): the mode the spend limit calls for,
 * given the usage month's units and the plan. `extraUnitCents` is the plan's
 * price of one extra unit in cents (null: no extra-unit price, e.g. Enterprise).
 * Messages only when: `messages_at_limit` and used ≥ included; `cap` and the
 * extra units' cost (used − included) × price reaches capCents. `bill_extra`
 * never switches. Unlimited plans (included null) never switch.
 */
export function spendModeFor(
  limit: SettingsDocument["spendLimit"],
  usage: { usedMilli: number; includedMilli: number | null; extraUnitCents: number | null },
): "normal" | "messages_only" {
  void limit;
  void usage;
  return "normal";
}
