import { z } from "@/lib/zod";
import { findPlan, type PlanId } from "@/features/plans/catalogue";

/** A plan that can be bought online (corp and corporate both name the fourth plan). */
export const purchasablePlanId = z
  .string({ message: "planId is required" })
  .trim()
  .min(1, { message: "planId is required" })
  .transform((id, ctx): PlanId => {
    const plan = findPlan(id);
    if (!plan || plan.monthlyPrice === null) {
      ctx.addIssue({ code: "custom", message: `Unknown plan '${id}'` });
      return z.NEVER;
    }
    return plan.id;
  });

export const billingPeriod = z.enum(["monthly", "annual"], { message: "billing must be 'monthly' or 'annual'" }).default("monthly");

export const createSubscriptionBody = z.object({ planId: purchasablePlanId, billing: billingPeriod });

export const createSetupIntentBody = z.object({
  planId: purchasablePlanId.optional(),
  billing: billingPeriod.optional(),
});

/** An optional id: blank is none. */
export const optionalId = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

const setupIntentId = z.string({ message: "setupIntentId is required" }).trim().min(1, { message: "setupIntentId is required" }).max(200);

export const paymentSetupConfirmedBody = z.object({ setupIntentId });

export const completeSubscriptionBody = z.object({
  setupIntentId,
  planId: purchasablePlanId,
  billing: billingPeriod,
  aiEmployeeId: optionalId,
  /**
   * What the page told the customer: true (or absent), a free trial; false,
   * charged now because the trial is used (ADR 0105). A trial promised but
   * used by now is refused with 409, never charged.
   */
  trial: z.boolean({ message: "trial must be true or false" }).optional(),
});

export const sandboxConfirmBody = z.object({
  clientSecret: z.string().trim().min(1, { message: "clientSecret is required" }).max(300),
  cardNumber: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { message: "Your card number is incomplete." })),
  expMonth: z.coerce.number().int().min(1, { message: "Your card's expiration month is invalid." }).max(12, { message: "Your card's expiration month is invalid." }),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { message: "Your card's security code is incomplete." }),
  name: z.string().trim().max(200).optional().default(""),
});

export const sandboxClockBody = z.object({
  days: z.coerce
    .number({ message: "days must be a number" })
    .int({ message: "days must be a whole number" })
    .min(1, { message: "days must be between 1 and 800" })
    .max(800, { message: "days must be between 1 and 800" }),
});
