import { MAX_SMS_LENGTH } from "./port";

/**
 * E.164: "+", a country code that does not start with 0, at most 15 digits
 * in all (ITU-T E.164; the form Twilio requires for `To`,
 * https://www.twilio.com/docs/glossary/what-e164).
 */
export const E164 = /^\+[1-9]\d{1,14}$/;

export function isE164(value: string): boolean {
  return E164.test(value);
}

const ELLIPSIS = "…";
/** A body ending in a link: the text before it, and the link itself (kept whole when the text is cut). */
const TRAILING_LINK = /^([\s\S]*?)\s+(https?:\/\/\S+)$/;

/**
 * A notification's text fitted to `max` characters (Unicode code points,
 * MAX_SMS_LENGTH by default): unchanged when it fits; else cut at the last
 * space that keeps at least half of it, with "…". A link at the end stays
 * whole and last: the text before it is cut instead ("… https://…").
 */
export function fitSmsBody(body: string, max: number = MAX_SMS_LENGTH): string {
  const text = body.trim();
  if (length(text) <= max) return text;
  const link = TRAILING_LINK.exec(text);
  if (link && length(link[2]!) + 2 < max) {
    const room = max - length(link[2]!) - 1;
    return `${cut(link[1]!.trimEnd(), room)} ${link[2]}`;
  }
  return cut(text, max);
}

function length(text: string): number {
  return [...text].length;
}

/** `text` in at most `max` code points: whole when it fits, else cut on a word boundary with "…". */
function cut(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join("");
  const space = head.search(/\s\S*$/);
  const keep = space >= Math.floor((max - 1) / 2) ? head.slice(0, space) : head;
  return `${keep.trimEnd().replace(/[\s,;:.-]+$/, "")}${ELLIPSIS}`;
}
