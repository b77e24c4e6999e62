import { z } from "@/lib/zod";

/**
 * An ISO 8601 date or date-time that the database can store and the product
 * can mean: years 1970 to 9999. (JavaScript accepts years 0 and ±275760,
 * which PostgreSQL refuses.)
 */
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;

export function isStorableDate(value: string): boolean {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return false;
  const year = new Date(ms).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

export function isoDateString(requiredMessage: string) {
  return z
    .string({ message: requiredMessage })
    .min(1, { message: requiredMessage })
    .max(40, { message: "must be an ISO date" })
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: "must be an ISO date" })
    .refine(isStorableDate, { message: `must be a date between the years ${MIN_YEAR} and ${MAX_YEAR}` });
}
