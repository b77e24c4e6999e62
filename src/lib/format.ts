/**
 * The one place dates and money are formatted, with `Intl` (browser and server).
 *
 * Time zone: every date is formatted in UTC unless the caller passes
 * `timeZone` — an explicit zone, so the server render and the browser agree
 * (no hydration mismatch) and a billing date reads the same for everyone.
 * Currency: USD unless the caller passes another ISO 4217 code. Locale: en-US.
 */

export const DEFAULT_TIME_ZONE = "UTC";
export const DEFAULT_CURRENCY = "USD";
const LOCALE = "en-US";

export type DateInput = Date | string | number | null | undefined;
export type DateOptions = {
  /** IANA zone; default UTC. */
  timeZone?: string;
  /** 'short': 'Nov 23, 2026' (default); 'long': 'November 23, 2026'; 'monthDay': 'Nov 23'. */
  style?: "short" | "long" | "monthDay";
  /** What a missing or invalid date shows; default ''. */
  empty?: string;
};

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const DATE_STYLES = {
  short: { month: "short", day: "numeric", year: "numeric" },
  long: { month: "long", day: "numeric", year: "numeric" },
  monthDay: { month: "short", day: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** 'Nov 23, 2026' (or 'November 23, 2026', 'Nov 23'), in UTC unless `timeZone` is given. */
export function formatDate(value: DateInput, options: DateOptions = {}): string {
  const d = toDate(value);
  if (!d) return options.empty ?? "";
  const style = options.style ?? "short";
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  return cached(`d|${style}|${timeZone}`, () => new Intl.DateTimeFormat(LOCALE, { ...DATE_STYLES[style], timeZone })).format(d);
}

/** 'Nov 23, 2026 14:05' (24-hour; with `seconds`, '14:05:09'), in UTC unless `timeZone` is given. */
export function formatDateTime(value: DateInput, options: { timeZone?: string; seconds?: boolean; empty?: string } = {}): string {
  const d = toDate(value);
  if (!d) return options.empty ?? "";
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const time = cached(
    `t|${options.seconds ? 1 : 0}|${timeZone}`,
    () => new Intl.DateTimeFormat(LOCALE, { hour: "2-digit", minute: "2-digit", second: options.seconds ? "2-digit" : undefined, hourCycle: "h23", timeZone }),
  ).format(d);
  return `${formatDate(d, { timeZone })} ${time}`;
}

/**
 * Money from integer cents: '$149.00', '$4,380.00'; `whole: true` rounds to
 * whole units for marketing prices: '$1,099'. Currency USD unless given.
 */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY, options: { whole?: boolean } = {}): string {
  if (options.whole) {
    return cached(`m|${currency}|0`, () => new Intl.NumberFormat(LOCALE, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 0 })).format(Math.round(cents / 100));
  }
  return cached(`m|${currency}|2`, () => new Intl.NumberFormat(LOCALE, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(cents / 100);
}

/**
 * Units as every page, e-mail and chart shows them (issue 26: the one unit
 * formatter): thousands grouped, at most three decimals (units are integer
 * thousandths, so no digit is ever hidden), no trailing zeros: '2,900',
 * '0.15', '1,234.5', '96.5'. Takes decimal units (thousandths / 1000).
 */
export function formatUnits(units: number): string {
  return cached("u|3", () => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 })).format(units);
}
