import { z } from "@/lib/zod";
import { isoDateString } from "@/lib/validation/dates";

export const PERIOD_REQUIRED = "Please select a billing period first.";
export const MISSING_INFORMATION = "Missing Information: Please fill in all required fields.";

const isoDate = isoDateString(PERIOD_REQUIRED);

/** Largest line item and entry total, in cents: both fit the database's integer columns. */
export const MAX_LINE_TOTAL_CENTS = 100_000_000;
export const MAX_ENTRY_TOTAL_CENTS = 1_000_000_000;

/** POST /api/admin/overage-entries */
export const createEntrySchema = z.object({
  subscriptionId: z.string({ message: "subscriptionId is required" }).min(1, { message: "subscriptionId is required" }),
  periodStart: isoDate,
  periodEnd: isoDate,
  billNow: z.boolean({ message: "billNow must be true or false" }),
});
export type CreateEntryInput = z.input<typeof createEntrySchema>;

/** Largest unit price, in cents ($1,000,000.00). */
const MAX_UNIT_PRICE_CENTS = 100_000_000;
export const DOLLARS_MESSAGE = "Unit price must be an amount in dollars of 0 or more, with at most 2 decimals, such as 12.50";

const DOLLARS = /^\$?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** Cents from a typed dollar amount ('12.50', '$1,250', '0.5'); null when it is not one. Exact: no floating point. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim();
  if (!DOLLARS.test(t)) return null;
  const [whole, fraction = ""] = t.replace(/[$,]/g, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** '12.50' from 1250: how a price in cents is shown in a dollar input. */
export function centsToDollarInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

const unitPriceCents = z
  .number({ message: MISSING_INFORMATION })
  .int({ message: "Unit price must be a whole number of cents" })
  .min(0, { message: "Unit price must be 0 cents or more" })
  .max(MAX_UNIT_PRICE_CENTS, { message: "Unit price is too large" });

const unitPriceDollars = z
  .string({ message: DOLLARS_MESSAGE })
  .trim()
  .min(1, { message: MISSING_INFORMATION })
  .transform((text, ctx) => {
    const cents = dollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: DOLLARS_MESSAGE });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(z.number().max(MAX_UNIT_PRICE_CENTS, { message: "Unit price is too large" }));

/**
 * POST /api/admin/overage-entries/{id}/line-items: quantity >= 1; the unit
 * price in dollars as typed (`unitPriceDollars: "12.50"`, what the admin
 * panel sends) or in cents (`unitPrice: 1250`, for scripts); stored in
 * cents either way (ADR 0122). The price must be one of the subscription's
 * own plan prices (checked by addLineItem).
 */
export const lineItemSchema = z
  .object({
    stripePriceId: z.string({ message: MISSING_INFORMATION }).min(1, { message: MISSING_INFORMATION }),
    quantity: z
      .number({ message: MISSING_INFORMATION })
      .int({ message: "Quantity must be a whole number" })
      .min(1, { message: "Quantity must be at least 1" })
      .max(1_000_000, { message: "Quantity must be at most 1,000,000" }),
    unitPrice: unitPriceCents.optional(),
    unitPriceDollars: unitPriceDollars.optional(),
    description: z.string().max(500, { message: "Description must be at most 500 characters" }).nullish(),
  })
  .superRefine((item, ctx) => {
    if (item.unitPrice === undefined && item.unitPriceDollars === undefined) ctx.addIssue({ code: "custom", message: MISSING_INFORMATION, path: ["unitPriceDollars"] });
    if (item.unitPrice !== undefined && item.unitPriceDollars !== undefined) {
      ctx.addIssue({ code: "custom", message: "Give the unit price once: unitPriceDollars (dollars) or unitPrice (cents)", path: ["unitPriceDollars"] });
    }
  })
  .transform((item) => ({ stripePriceId: item.stripePriceId, quantity: item.quantity, unitPrice: (item.unitPriceDollars ?? item.unitPrice)!, description: item.description }))
  .refine((item) => item.quantity * item.unitPrice <= MAX_LINE_TOTAL_CENTS, {
    message: "A line item may total at most $1,000,000.00 (quantity × unit price)",
    path: ["unitPriceDollars"],
  });
export type LineItemInput = z.input<typeof lineItemSchema>;
/** A validated line item: the unit price in cents. */
export type LineItem = z.output<typeof lineItemSchema>;

/*
 * The admin panel's forms validate with the schemas above (zodResolver): the
 * form's text inputs are read into the request body, which the server's schema
 * then checks, so the panel and the server apply the same rules.
 */

/** The Start Overage Entry form: createEntrySchema, plus the chosen billing cycle (which sets the period). */
export const entryFormSchema = createEntrySchema.extend({ cycleId: z.string() });
export type EntryFormInput = z.input<typeof entryFormSchema>;
export type EntryFormOutput = z.output<typeof entryFormSchema>;

/** A number input's text; empty reads as NaN, which the server's schema refuses as missing. */
function numberFromInput(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

/**
 * The Add line item form: its inputs as the request body (the unit price as
 * typed in dollars, description trimmed, null when empty), checked by
 * lineItemSchema; the server converts the dollars to cents again.
 */
export const lineItemFormSchema = z
  .object({ stripePriceId: z.string(), quantity: z.string(), unitPrice: z.string(), description: z.string() })
  .transform((v): LineItemRequest => ({
    stripePriceId: v.stripePriceId,
    quantity: numberFromInput(v.quantity),
    unitPriceDollars: v.unitPrice.trim(),
    description: v.description.trim() || null,
  }))
  .superRefine((body, ctx) => {
    const parsed = lineItemSchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  });
/** The body the form sends: the unit price in dollars as typed. */
export type LineItemRequest = { stripePriceId: string; quantity: number; unitPriceDollars: string; description: string | null };
export type LineItemFormInput = z.input<typeof lineItemFormSchema>;
export type LineItemFormOutput = z.output<typeof lineItemFormSchema>;

type FormProblem = { type?: unknown; message?: string } | undefined;
export type FormToast = { title: string; description: string };

/** The toast for a Start Overage Entry form that did not validate (spec 8: 'No period selected'). */
export function entryFormProblem(errors: Partial<Record<keyof EntryFormInput, FormProblem>>): FormToast {
  if (errors.periodStart || errors.periodEnd || errors.cycleId) return { title: "No period selected", description: PERIOD_REQUIRED };
  const message = errors.billNow?.message ?? errors.subscriptionId?.message;
  return { title: "Error", description: message ?? PERIOD_REQUIRED };
}

/**
 * The toast for an Add line item form that did not validate, first problem
 * first: anything missing ('Missing Information'), then the quantity, then the
 * unit price. Whole-number and lower-bound problems keep the panel's own
 * wording; upper bounds (and the line total) give the server's message.
 */
export function lineItemFormProblem(errors: Partial<Record<keyof LineItemFormInput, FormProblem>>): FormToast {
  const { stripePriceId, quantity, description } = errors;
  // The form's unit price (dollars) is the body's unitPriceDollars.
  const unitPrice = errors.unitPrice ?? (errors as Record<string, FormProblem>).unitPriceDollars;
  if ([stripePriceId, quantity, unitPrice].some((e) => e?.message === MISSING_INFORMATION)) {
    return { title: "Missing Information", description: "Please fill in all required fields." };
  }
  const serverSays = (e: FormProblem) => (e?.type === "too_big" || e?.type === "custom") && e.message;
  if (quantity) {
    const message = serverSays(quantity);
    return message ? { title: "Error", description: message } : { title: "Invalid quantity", description: "Quantity must be a whole number of at least 1." };
  }
  if (unitPrice) {
    return unitPrice.message === DOLLARS_MESSAGE || !unitPrice.message ? { title: "Invalid unit price", description: `${DOLLARS_MESSAGE}.` } : { title: "Error", description: unitPrice.message };
  }
  return { title: "Error", description: description?.message ?? stripePriceId?.message ?? MISSING_INFORMATION };
}

/** POST /api/admin/overage-entries/{id}/submit */
export type SubmitEntryResponse = {
  status: "pending" | "billed" | "failed";
  invoiceUrl: string | null;
  billNow: boolean;
  message: string;
};

/** The toast text after submitting (spec 4, admin overage). */
export function submitResultMessage(r: { status: string; invoiceUrl: string | null; billNow: boolean }): { title: string; description: string } {
  if (r.status === "billed") {
    return r.invoiceUrl
      ? { title: "Invoice Created", description: "An overage invoice was created and finalized. Check email for the invoice." }
      : { title: "Invoice Created", description: "An overage invoice was created and finalized." };
  }
  if (r.status === "failed") return { title: "Billing Failed", description: "The overage could not be billed. See History for details." };
  if (r.billNow) return { title: "Invoice Requested", description: "The overage invoice is being created; its status will appear in History." };
  return { title: "Charges Queued", description: "The overage charges will be added to the next invoice." };
}

/** Overage entries and line items as the admin API returns them (spec 3; dates ISO, money cents). */
export type OverageLineItemView = {
  id: string;
  stripePriceId: string;
  productName: string;
  unitLabel: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  description: string | null;
};

/** An entry's status as admins see it (see OverageEntryView.status). */
export type OverageEntryStatus = "draft" | "pending" | "billed" | "open" | "paid" | "failed" | "void";

/**
 * The History badge of an entry status: its label and colour (spec 4: billed
 * green, pending amber, failed red; a paid invoice is green, an open one blue,
 * a voided one grey).
 */
const OVERAGE_STATUS_BADGE: Record<OverageEntryStatus, { label: string; variant: "green" | "blue" | "amber" | "red" | "grey" }> = {
  draft: { label: "Draft", variant: "grey" },
  pending: { label: "Pending", variant: "amber" },
  billed: { label: "Billed", variant: "green" },
  open: { label: "Invoice open", variant: "blue" },
  paid: { label: "Paid", variant: "green" },
  failed: { label: "Failed", variant: "red" },
  void: { label: "Void", variant: "grey" },
};

/** The badge of an entry: a failed entry that has an invoice failed at payment. */
export function overageStatusBadge(e: { status: OverageEntryStatus; stripeInvoiceUrl: string | null }): { label: string; variant: "green" | "blue" | "amber" | "red" | "grey" } {
  const badge = OVERAGE_STATUS_BADGE[e.status] ?? { label: e.status, variant: "grey" as const };
  return e.status === "failed" && e.stripeInvoiceUrl ? { ...badge, label: "Payment failed" } : badge;
}

export type OverageEntryView = {
  id: string;
  subscriptionId: string;
  periodStart: string;
  periodEnd: string;
  billNow: boolean;
  /**
   * draft and pending as stored; once an invoice exists (stored `billed`) the
   * invoice's state: open (awaiting payment), paid, failed (uncollectible or a
   * failed payment), void; `billed` while the invoice is not yet mirrored.
   * Entries that never got an invoice and failed are `failed` too.
   */
  status: OverageEntryStatus;
  totalAmount: number;
  stripeInvoiceUrl: string | null;
  createdAt: string;
  lineItems: OverageLineItemView[];
};
