/** The five tabs of /admin (spec 2), in order. `value` is also the ?tab= query value. */
export const ADMIN_TABS = [
  { value: "subscriptions", label: "Subscriptions" },
  { value: "orders", label: "Create Orders" },
  { value: "ai-ready-orders", label: "Manage Orders" },
  { value: "test", label: "Test" },
  { value: "notifications", label: "Notifications" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

export function parseAdminTab(value: string | string[] | undefined): AdminTab {
  const v = Array.isArray(value) ? value[0] : value;
  return ADMIN_TABS.find((t) => t.value === v)?.value ?? "subscriptions";
}
