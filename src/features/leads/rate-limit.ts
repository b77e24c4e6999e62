/** Public form submissions allowed per IP address in the window (demo leads and contact messages each). */
export const FORM_RATE_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 } as const;

export function windowStart(now = new Date()): Date {
  return new Date(now.getTime() - FORM_RATE_LIMIT.windowMs);
}
