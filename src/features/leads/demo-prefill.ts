/** What a link to a demo page may prefill (spec 2): the setup e-mail's AI employee, address and phone. */
export type DemoPrefill = { aiEmployeeName: string; aiEmployeeId: string; email: string; phone: string };

export const NO_PREFILL: DemoPrefill = { aiEmployeeName: "", aiEmployeeId: "", email: "", phone: "" };

const first = (q: URLSearchParams, key: string) => (q.get(key) ?? "").slice(0, 200);

/** Reads ai_employee_name, ai_employee_id, customer_email and phone_number (spec 2). */
export function demoPrefill(search: string): DemoPrefill {
  const q = new URLSearchParams(search);
  return { aiEmployeeName: first(q, "ai_employee_name"), aiEmployeeId: first(q, "ai_employee_id"), email: first(q, "customer_email"), phone: first(q, "phone_number") };
}
