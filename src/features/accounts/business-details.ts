/** What is wrong with business details (name, billing e-mail, time zone), or null. */
export function businessDetailsProblem(data: Record<string, unknown>): string | null {
  if ("name" in data) {
    if (typeof data.name !== "string" || !data.name.trim()) return "Enter the business name.";
    if (data.name.trim().length > 120) return "The business name can be at most 120 characters.";
  }
  if ("billingEmail" in data && data.billingEmail !== null && data.billingEmail !== "") {
    if (typeof data.billingEmail !== "string" || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(data.billingEmail) || data.billingEmail.length > 254) {
      return "Enter a valid billing e-mail address.";
    }
  }
  if ("timeZone" in data) {
    if (typeof data.timeZone !== "string" || !isTimeZone(data.timeZone)) return "Choose a time zone from the list.";
  }
  for (const key of Object.keys(data)) {
    if (!["name", "billingEmail", "timeZone"].includes(key)) return `${key} cannot be changed here.`;
  }
  return null;
}

export function isTimeZone(value: string): boolean {
  return value === "UTC" || Intl.supportedValuesOf("timeZone").includes(value);
}
