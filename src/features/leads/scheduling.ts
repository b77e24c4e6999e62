/**
 * The external scheduling page link (Calendly-style prefill): name and email,
 * then either the AI employee's name and id as answers q1/q2 (when both are
 * present) or phone and website as answers a1/a2 (spec 7).
 */
export function schedulingLink(base: string, lead: { name: string; email: string; phone: string; website: string; aiEmployeeName?: string | null; aiEmployeeId?: string | null }): string {
  const url = new URL(base);
  url.searchParams.set("name", lead.name.trim());
  url.searchParams.set("email", lead.email.trim());
  const aiName = lead.aiEmployeeName?.trim();
  const aiId = lead.aiEmployeeId?.trim();
  if (aiName && aiId) {
    url.searchParams.set("q1", aiName);
    url.searchParams.set("q2", aiId);
  } else {
    url.searchParams.set("a1", lead.phone.trim());
    url.searchParams.set("a2", lead.website.trim());
  }
  return url.toString();
}
