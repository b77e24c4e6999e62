import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's request signature (`X-Twilio-Signature`), "Webhooks security"
 * (https://www.twilio.com/docs/usage/webhooks/webhooks-security): the full
 * URL Twilio requested, then every POST parameter sorted by name, each name
 * followed by its value with nothing between; HMAC-SHA1 of that string with
 * the account's auth token as the key, base64. A parameter sent more than
 * once contributes each value, in sorted order (as Twilio's helper libraries
 * build it).
 */
export function twilioSignature(authToken: string, url: string, params: Iterable<readonly [string, string]>): string {
  const byName = new Map<string, string[]>();
  for (const [name, value] of params) byName.set(name, [...(byName.get(name) ?? []), value]);
  let data = url;
  for (const name of [...byName.keys()].sort()) {
    for (const value of byName.get(name)!.sort()) data += name + value;
  }
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Does `header` sign these parameters for `url`? Compared in constant time. */
export function verifyTwilioSignature(authToken: string, url: string, params: Iterable<readonly [string, string]>, header: string | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
