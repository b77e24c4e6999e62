import { z } from "@/lib/zod";
import { formatPhone } from "@/lib/phone-format";
import { toE164 } from "./phone-numbers";
import { WEEKDAYS } from "./weekdays";

/** At most this many tester numbers on an account. */
export const MAX_TESTERS = 5;

/**
 * The "Tester number" box of the test call (react-hook-form, ADR 0016): the
 * number as typed, read as E.164; empty adds nothing (null); not a number, or
 * one already in `existing`, is named.
 */
export function testerNumberSchema(existing: readonly string[]) {
  return z.object({
    number: z
      .string()
      .trim()
      .transform((raw, ctx) => {
        if (!raw) return null;
        const e164 = toE164(raw);
        if (!e164) {
          ctx.addIssue({ code: "custom", message: `"${raw}" is not a valid phone number` });
          return z.NEVER;
        }
        if (existing.includes(e164)) {
          ctx.addIssue({ code: "custom", message: `${formatPhone(e164, "US")} is already a tester number` });
          return z.NEVER;
        }
        return e164;
      }),
  });
}
export type TesterNumberInput = z.input<ReturnType<typeof testerNumberSchema>>;
export type TesterNumberOutput = z.output<ReturnType<typeof testerNumberSchema>>;

/** "What a caller hears": now, or a weekday and time (an empty time is midnight). */
export const previewTimeSchema = z.object({
  when: z.enum(["now", "pick"]),
  day: z.enum(WEEKDAYS),
  time: z.string().transform((t) => t || "00:00"),
});
export type PreviewTimeInput = z.input<typeof previewTimeSchema>;
export type PreviewTimeOutput = z.output<typeof previewTimeSchema>;
