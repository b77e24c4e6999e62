import type { AdminSubscription } from "@/features/billing/admin-api-types";
import { formatDate } from "@/lib/format";

export type LabelledSubscription = Pick<AdminSubscription, "id" | "plan" | "createdAt" | "aiReadyOrder">;

/** What a subscription waiting for its AI employee is called until one joins it. */
export const NO_AI_EMPLOYEE = "No AI employee yet";

/**
 * How the admin views name a subscription: its AI employee, plan and start
 * date ("Sophie — Medium — started Nov 3, 2026"), so that two of one
 * customer can be told apart (issue 23).
 */
export function subscriptionLabel(s: LabelledSubscription): string {
  return `${s.aiReadyOrder?.aiEmployeeName || NO_AI_EMPLOYEE} — ${s.plan.name} — started ${formatDate(s.createdAt)}`;
}

/**
 * The label of each subscription of a list, by id. Two that would read the
 * same (no AI employee yet, same plan and day) also show the start of their id.
 */
export function subscriptionLabels(list: readonly LabelledSubscription[]): Map<string, string> {
  const plain = new Map(list.map((s) => [s.id, subscriptionLabel(s)]));
  const seen = new Map<string, number>();
  for (const label of plain.values()) seen.set(label, (seen.get(label) ?? 0) + 1);
  return new Map(
    list.map((s) => {
      const label = plain.get(s.id)!;
      return [s.id, seen.get(label)! > 1 ? `${label} (#${s.id.slice(0, 8)})` : label];
    }),
  );
}
