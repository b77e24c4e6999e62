/**
 * A short, readable name for the device of a session from its user agent:
 * "Chrome on macOS", "Safari on iPhone", "Firefox on Windows". No library:
 * the browsers and systems people use are few, and a wrong guess only makes
 * the label vaguer ("Unknown browser on Linux"), never wrong about whose
 * session it is.
 */

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

/** Phones and tablets before the systems they also name (iPhone's agent says "like Mac OS X", Android's says "Linux"). */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

export function deviceSummary(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").trim();
  if (!ua) return "Unknown device";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Unknown browser on ${system}`;
  // Scripts and tools: their own first word ("curl/8.4.0" -> "curl").
  const tool = /^[A-Za-z][\w.-]{0,30}/.exec(ua)?.[0];
  return tool ?? "Unknown device";
}
