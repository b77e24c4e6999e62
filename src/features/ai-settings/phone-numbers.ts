import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * A phone number as typed ("(212) 555-0100", "+44 20 7946 0000") → E.164
 * ("+12125550100"), or null when it is not a valid number. Numbers without a
 * country code are read as `country`'s (default US).
 */
export function toE164(raw: string, country: CountryCode = "US"): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  return parsed && parsed.isValid() ? parsed.number : null;
}
