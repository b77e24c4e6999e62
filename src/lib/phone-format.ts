import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** The country phone numbers are shown for when the account's is not known (ADR 0117). */
export const DEFAULT_PHONE_COUNTRY = "US";

/** An ISO 3166 code libphonenumber knows, else the default ("US"). */
export function phoneCountry(code: string | null | undefined): CountryCode {
  const upper = code?.toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : DEFAULT_PHONE_COUNTRY;
}

/**
 * A phone number as people of `country` write it (libphonenumber-js):
 * national format for a number of that country (or one sharing its calling
 * code, as the US and Canada do) — "(555) 010-2299"; international format for
 * any other — "+44 20 7946 0958". Text that is not a possible phone number
 * (a SIP address, "anonymous", a short code) is returned as given.
 * `international` writes every number internationally.
 */
export function formatPhone(raw: string, country: string | null | undefined, options: { international?: boolean } = {}): string {
  const home = phoneCountry(country);
  const parsed = parsePhoneNumberFromString(raw.trim(), home);
  if (!parsed || !parsed.isPossible()) return raw;
  return !options.international && parsed.countryCallingCode === getCountryCallingCode(home) ? parsed.formatNational() : parsed.formatInternational();
}

/** A `tel:` link for a caller's number (E.164 when it parses, else its digits and +); null when it holds no digits. */
export function phoneHref(raw: string | null | undefined, country: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), phoneCountry(country));
  if (parsed?.isPossible()) return `tel:${parsed.number}`;
  const digits = raw.replace(/[^\d+]/g, "");
  return /\d{3,}/.test(digits) ? `tel:${digits}` : null;
}
