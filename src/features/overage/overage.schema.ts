import { z } from "zod";
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

/** POST /api/admin/overage-entries/{id}/line-items: quantity >= 1, unit price override >= 0 cents. */
export const lineItemSchema = z.object({
  stripePriceId: z.string({ message: MISSING_INFORMATION }).min(1, { message: MISSING_INFORMATION }),
  quantity: z
    .number({ message: MISSING_INFORMATION })
    .int({ message: "Quantity must be a whole number" })
    .min(1, { message: "Quantity must be at least 1" })
    .max(1_000_000, { message: "Quantity must be at most 1,000,000" }),
  unitPrice: z
    .number({ message: MISSING_INFORMATION })
    .int({ message: "Unit price must be a whole number of cents" })
    .min(0, { message: "Unit price must be 0 cents or more" })
    .max(100_000_000, { message: "Unit price is too large" }),
  description: z.string().max(500, { message: "Description must be at most 500 characters" }).nullish(),
}).refine((item) => item.quantity * item.unitPrice <= MAX_LINE_TOTAL_CENTS, {
  message: "A line item may total at most $1,000,000.00 (quantity × unit price)",
  path: ["unitPrice"],
});
export type LineItemInput = z.input<typeof lineItemSchema>;

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
