const DAY = 86_400;

/**
 * A paid invoice of the Small monthly plan ($149.00) as Stripe's API answers
 * it (times in Unix seconds): for `subscription`, its 14-day trial period from
 * `periodStart`, created when that period ended.
 */
export function paidInvoiceJson(s: { id: string; customer: string; subscription: string; periodStart: number }) {
  return {
    id: s.id,
    object: "invoice",
    customer: s.customer,
    status: "paid",
    description: null,
    amount_due: 14900,
    amount_paid: 14900,
    currency: "usd",
    hosted_invoice_url: `https://invoice.stripe.com/i/${s.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${s.id}/pdf`,
    period_start: s.periodStart,
    period_end: s.periodStart + 14 * DAY,
    created: s.periodStart + 14 * DAY,
    metadata: {},
    parent: { type: "subscription_details", subscription_details: { subscription: s.subscription } },
    lines: { object: "list", data: [{ description: "1 × Small Plan (at $149.00 / month)" }] },
  };
}
