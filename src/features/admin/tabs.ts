import { rows } from "@/lib/rows";

/** The five tabs of /admin (spec 2), in order. `value` is also the ?tab= query value. */
export const ADMIN_TABS = rows(
  ["value", "label"],
  ["subscriptions", "Subscriptions"],
  ["orders", "Create Orders"],
  ["ai-ready-orders", "Manage Orders"],
  ["test", "Test"],
  ["notifications", "Notifications"],
);

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(value: string | string[] | undefined): AdminTab {
  const v = Array.isArray(value) ? value[0] : value;
  return ADMIN_TABS.find((t) => t.value === v)?.value ?? "subscriptions";
}
