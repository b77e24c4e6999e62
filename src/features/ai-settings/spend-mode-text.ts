import { formatMoney } from "@/lib/format";
import type { SettingsDocument } from "./settings.schema";

type SpendLimit = SettingsDocument["spendLimit"];

/** "$50" for whole dollars, "$12.50" otherwise. */
export function capText(cents: number): string {
  return formatMoney(cents, "USD", { whole: cents % 100 === 0 });
}

/** What the spend limit does, as the dashboard and the e-mails say it: "take messages only at 100%". */
export function spendLimitText(limit: SpendLimit): string {
  if (limit.mode === "messages_at_limit") return "take messages only at 100%";
  if (limit.mode === "cap" && limit.capCents !== null) return `allow extra units up to ${capText(limit.capCents)}, then take messages only`;
  return "keep answering and bill extra units";
}

export type { SpendModeBackReason } from "@/features/email/templates/spend-limit";
