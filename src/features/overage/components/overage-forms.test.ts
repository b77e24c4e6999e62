import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver, ResolverOptions } from "react-hook-form";
import {
  entryFormProblem,
  entryFormSchema,
  lineItemFormProblem,
  lineItemFormSchema,
  lineItemSchema,
  centsToDollarInput,
  dollarsToCents,
  overageStatusBadge,
  submitResultMessage,
  type EntryFormInput,
  type LineItemFormInput,
} from "../overage.schema";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

/** What react-hook-form gets from the resolver: the parsed values, or the errors by field. */
async function resolve<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0], values: T) {
  const result = await (zodResolver(schema) as Resolver<FieldValues>)(values, undefined, options);
  return result as { values: Record<string, unknown>; errors: FieldErrors<T> };
}

const item = (patch: Partial<LineItemFormInput>): LineItemFormInput => ({ stripePriceId: "price_1", quantity: "1", unitPrice: "1.98", description: "", ...patch });

describe("Start Overage Entry form", () => {
  const entry = (patch: Partial<EntryFormInput>): EntryFormInput => ({ subscriptionId: "sub_1", cycleId: "", periodStart: "", periodEnd: "", billNow: true, ...patch });

  it("needs a billing period: 'No period selected'", async () => {
    const { errors } = await resolve(entryFormSchema, entry({}));
    expect(entryFormProblem(errors)).toEqual({ title: "No period selected", description: "Please select a billing period first." });
  });

  it("gives the server's createEntrySchema body once a cycle is chosen", async () => {
    const { values, errors } = await resolve(entryFormSchema, entry({ cycleId: "c1", periodStart: "2026-01-01T00:00:00.000Z", periodEnd: "2026-02-01T00:00:00.000Z", billNow: false }));
    expect(errors).toEqual({});
    expect(values).toMatchObject({ subscriptionId: "sub_1", periodStart: "2026-01-01T00:00:00.000Z", periodEnd: "2026-02-01T00:00:00.000Z", billNow: false });
  });
});

describe("Add line item form", () => {
  it("sends the unit price in dollars as typed, which the server stores in cents", async () => {
    const { values, errors } = await resolve(lineItemFormSchema, item({ quantity: "5", unitPrice: " 12.50 ", description: "  Extra texts " }));
    expect(errors).toEqual({});
    expect(values).toEqual({ stripePriceId: "price_1", quantity: 5, unitPriceDollars: "12.50", description: "Extra texts" });
    expect(lineItemSchema.parse(values)).toEqual({ stripePriceId: "price_1", quantity: 5, unitPrice: 1250, description: "Extra texts" });
    expect((await resolve(lineItemFormSchema, item({}))).values.description).toBeNull();
    expect(lineItemSchema.parse((await resolve(lineItemFormSchema, item({ unitPrice: "0" }))).values).unitPrice).toBe(0);
  });

  it("reads dollars exactly: 12.5, $1,250 and 0.07 are 1250, 125000 and 7 cents; other text is refused", () => {
    expect(dollarsToCents("12.5")).toBe(1250);
    expect(dollarsToCents("$1,250")).toBe(125000);
    expect(dollarsToCents("0.07")).toBe(7);
    expect(dollarsToCents("19.99")).toBe(1999);
    for (const bad of ["", "-1", "1.005", "12,5", "1,25.00", "abc", "1e3"]) expect(dollarsToCents(bad), bad).toBeNull();
    expect(centsToDollarInput(1250)).toBe("12.50");
    expect(centsToDollarInput(7)).toBe("0.07");
  });

  it("says 'Missing Information' for a missing price, quantity or unit price, before anything else", async () => {
    for (const patch of [{ stripePriceId: "" }, { quantity: "" }, { unitPrice: "" }, { unitPrice: " ", quantity: "1.5" }]) {
      const { errors } = await resolve(lineItemFormSchema, item(patch));
      expect(lineItemFormProblem(errors)).toEqual({ title: "Missing Information", description: "Please fill in all required fields." });
    }
  });

  it("keeps the panel's wording for whole numbers and lower bounds", async () => {
    for (const quantity of ["0", "1.5", "-2"]) {
      const { errors } = await resolve(lineItemFormSchema, item({ quantity }));
      expect(lineItemFormProblem(errors)).toEqual({ title: "Invalid quantity", description: "Quantity must be a whole number of at least 1." });
    }
    for (const unitPrice of ["-1", "1.505", "twelve"]) {
      const { errors } = await resolve(lineItemFormSchema, item({ unitPrice }));
      expect(lineItemFormProblem(errors)).toEqual({ title: "Invalid unit price", description: "Unit price must be an amount in dollars of 0 or more, with at most 2 decimals, such as 12.50." });
    }
  });

  it("gives the server's message for the upper bounds and the line total", async () => {
    const problem = async (patch: Partial<LineItemFormInput>) => lineItemFormProblem((await resolve(lineItemFormSchema, item(patch))).errors);
    expect(await problem({ quantity: "1000001" })).toEqual({ title: "Error", description: "Quantity must be at most 1,000,000" });
    expect(await problem({ unitPrice: "1000000.01" })).toEqual({ title: "Error", description: "Unit price is too large" });
    expect(await problem({ quantity: "1000", unitPrice: "1000.01" })).toEqual({
      title: "Error",
      description: "A line item may total at most $1,000,000.00 (quantity × unit price)",
    });
    expect(await problem({ description: "x".repeat(501) })).toEqual({ title: "Error", description: "Description must be at most 500 characters" });
  });
});

describe("History badges and the submit toast", () => {
  it("labels every entry status clearly; a failed entry with an invoice failed at payment", () => {
    const badge = (status: Parameters<typeof overageStatusBadge>[0]["status"], url: string | null = null) => overageStatusBadge({ status, stripeInvoiceUrl: url });
    expect(badge("pending")).toEqual({ label: "Pending", variant: "amber" });
    expect(badge("billed")).toEqual({ label: "Billed", variant: "green" });
    expect(badge("open", "https://i")).toEqual({ label: "Invoice open", variant: "blue" });
    expect(badge("paid", "https://i")).toEqual({ label: "Paid", variant: "green" });
    expect(badge("failed")).toEqual({ label: "Failed", variant: "red" });
    expect(badge("failed", "https://i")).toEqual({ label: "Payment failed", variant: "red" });
    expect(badge("void", "https://i")).toEqual({ label: "Void", variant: "grey" });
  });

  it("keeps the spec's submit toasts", () => {
    expect(submitResultMessage({ status: "billed", invoiceUrl: "https://i", billNow: true }).description).toContain("Check email");
    expect(submitResultMessage({ status: "pending", invoiceUrl: null, billNow: false }).description).toBe("The overage charges will be added to the next invoice.");
  });
});
