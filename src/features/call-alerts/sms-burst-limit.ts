/** At most this many call SMS go to one recipient of one rule in BURST_WINDOW_MS; past it the calls wait for one burst message. */
export const BURST_SMS_LIMIT = 5;
export const BURST_WINDOW_MS = 10 * 60 * 1000;

/** The window holding `at`: its burst message is sent when it ends. */
export function burstWindowEnd(at: Date): Date {
  return new Date((Math.floor(at.getTime() / BURST_WINDOW_MS) + 1) * BURST_WINDOW_MS);
}
