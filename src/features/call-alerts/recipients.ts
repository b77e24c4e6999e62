import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { z } from "@/lib/zod";
import type { RuleChannel } from "./rule.schema";

/** Number types that cannot receive a text message (libphonenumber's full metadata). */
const NOT_MOBILE = new Set(["FIXED_LINE", "TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "UAN", "VOICEMAIL", "PAGER"]);

const email = z.email();

/** A mobile number in E.164, read as people of `country` write it; null when it is not a number that can receive SMS. */
export function mobileE164(raw: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  if (!parsed || !parsed.isValid()) return null;
  const type = parsed.getType();
  return type && NOT_MOBILE.has(type) ? null : parsed.number;
}

/**
 * A rule's extra recipients as stored: e-mail addresses lower-cased (channel
 * email), mobile numbers in E.164 (channel sms, read with the account's
 * country), each once. The first bad entry is named by its position.
 */
export function normaliseRecipients(channel: RuleChannel, entries: readonly string[], country: CountryCode): { recipients: string[] } | { problem: string } {
  const out: string[] = [];
  for (const [i, raw] of entries.entries()) {
    const value = raw.trim();
    const normal = channel === "email" ? (email.safeParse(value).success ? value.toLowerCase() : null) : mobileE164(value, country);
    if (!normal) return { problem: `extraRecipients.${i}: "${value}" is not a valid ${channel === "email" ? "e-mail address" : "mobile number"}` };
    if (!out.includes(normal)) out.push(normal);
  }
  return { recipients: out };
}
