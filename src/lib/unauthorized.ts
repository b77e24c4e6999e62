/**
 * What a page shows when one of its calls answers 401 (spec 8): a toast, then
 * a full navigation after `delayMs`. The one handler is the QueryClient's
 * QueryCache/MutationCache `onError` (see makeQueryClient); a query or
 * mutation picks its page's texts with `meta: { unauthorized: {...} }`, or
 * opts out with `meta: { unauthorized: false }`.
 */
export type UnauthorizedNotice = {
  title: string;
  description: string;
  delayMs: number;
  /** Where to go; default: /api/login?returnTo=<returnTo>. */
  to?: string;
  /** The login's returnTo; default: the current path and query string. */
  returnTo?: string;
};

export type UnauthorizedMeta = Partial<UnauthorizedNotice> | false;

export type AppMeta = Record<string, unknown> & { unauthorized?: UnauthorizedMeta };

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** The default (admin console, dashboard, most mutations): 'Unauthorized' / logged out, login after 500 ms. */
export const LOGGED_OUT = { title: "Unauthorized", description: "You are logged out. Logging in again...", delayMs: 500 } as const satisfies UnauthorizedNotice;

export function loginUrl(returnTo: string): string {
  return `/api/login?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The resolved action for a 401: toast texts, delay and destination. */
export type UnauthorizedAction = { title: string; description: string; delayMs: number; to: string };

/**
 * Turns a 401's meta into the action to take (null when the query/mutation
 * opted out). `here` is the current path and query string (for returnTo).
 */
export function resolveUnauthorized(meta: AppMeta | undefined, here: string): UnauthorizedAction | null {
  const m = meta?.unauthorized;
  if (m === false) return null;
  const notice = { ...LOGGED_OUT, ...m };
  return {
    title: notice.title,
    description: notice.description,
    delayMs: notice.delayMs,
    to: notice.to ?? loginUrl(notice.returnTo ?? here),
  };
}
