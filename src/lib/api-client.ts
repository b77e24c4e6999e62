import { MutationCache, QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import { resolveUnauthorized, type AppMeta, type UnauthorizedAction } from "./unauthorized";

/**
 * The one typed HTTP client for browser code (spec 7): every request sends
 * credentials; a non-success status throws an `ApiError` whose message is
 * "<status>: <body text or status text>" and which also carries the numeric
 * `status` and the parsed `body` (JSON when it parses, else the text), so
 * callers test `err.status === 401` instead of parsing the message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The raw response text ("" when the body was empty). */
    readonly text: string,
    /** The body parsed as JSON, else the raw text (undefined when empty). */
    readonly body: unknown,
    readonly statusText = "",
  ) {
    super(`${status}: ${text || statusText}`);
    this.name = "ApiError";
  }

  /** The `message` field of a JSON error body, if it has a non-empty one. */
  get bodyMessage(): string | undefined {
    const b = this.body as { message?: unknown } | null | undefined;
    return b && typeof b === "object" && typeof b.message === "string" && b.message ? b.message : undefined;
  }
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the `ApiError` for a non-success response (reads its body). */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  return new ApiError(res.status, text, parseBody(text), res.statusText);
}

/** Throws an `ApiError` ("<status>: <body text or status text>") for a non-success response (spec 7). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) throw await apiErrorFrom(res);
}

/**
 * A URL path with every interpolated segment passed through `encodeURIComponent`:
 * apiPath`/api/admin/ai-ready-orders/${id}` — use it for every id put into a path.
 */
export function apiPath(strings: TemplateStringsArray, ...segments: Array<string | number>): string {
  return strings.reduce((url, part, i) => url + part + (i < segments.length ? encodeURIComponent(String(segments[i])) : ""), "");
}

/** Appends a query string (undefined and null values are left out). */
export function withQuery(url: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}${url.includes("?") ? "&" : "?"}${qs}` : url;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A request that sends credentials and JSON; resolves the Response, throws `ApiError` on a non-success status. */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown, init?: { signal?: AbortSignal }): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
    signal: init?.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

async function json<T>(res: Response): Promise<T> {
  // A 2xx with an empty or non-JSON body (e.g. a DELETE) resolves undefined or the text.
  return parseBody(await res.text()) as T;
}

/** Typed JSON calls over `apiRequest` (an empty response body resolves undefined). */
export const api = {
  get: async <T>(url: string, init?: { signal?: AbortSignal }): Promise<T> => json<T>(await apiRequest("GET", url, undefined, init)),
  post: async <T>(url: string, data?: unknown): Promise<T> => json<T>(await apiRequest("POST", url, data)),
  put: async <T>(url: string, data?: unknown): Promise<T> => json<T>(await apiRequest("PUT", url, data)),
  patch: async <T>(url: string, data?: unknown): Promise<T> => json<T>(await apiRequest("PATCH", url, data)),
  delete: async <T = void>(url: string): Promise<T> => json<T>(await apiRequest("DELETE", url)),
};

/** True for an `ApiError` with the given status. */
export function hasStatus(error: unknown, status: number): error is ApiError {
  return error instanceof ApiError && error.status === status;
}

/** True for a 401 from the client above (spec 8: its message starts with '401:'). */
export function isUnauthorizedError(error: unknown): error is ApiError {
  return hasStatus(error, 401);
}

/**
 * What to show for a failed call: the `message` of a JSON error body, else the
 * raw body text, else the fallback; a non-API error shows its own message.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.bodyMessage) return error.bodyMessage;
    return typeof error.body === "string" && error.body ? error.body : fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The URL for a query key: the first element is the path, every further
 * element is one encoded path segment (["/api/subscription-plans", id]).
 */
export function queryKeyUrl(queryKey: readonly unknown[]): string {
  const [path, ...segments] = queryKey;
  return [String(path), ...segments.map((s) => encodeURIComponent(String(s)))].join("/");
}

type On401 = "returnNull" | "throw";
export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyUrl(queryKey), { credentials: "include", signal });
    if (options.on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

function currentLocation(): string {
  return typeof window === "undefined" ? "/" : window.location.pathname + window.location.search;
}

/**
 * TanStack Query with the spec's defaults: never refetch, never stale, no retry.
 * The ONE place a 401 is handled: the caches' `onError` resolve the failing
 * query's or mutation's `meta.unauthorized` (see ./unauthorized) and hand the
 * action (toast texts, delay, destination) to `onUnauthorized`, once per
 * client (the action navigates away). Callers' own onError skip 401s.
 */
export function makeQueryClient(options: { onUnauthorized?: (action: UnauthorizedAction) => void; here?: () => string } = {}): QueryClient {
  let handled = false;
  const on401 = (error: unknown, meta: AppMeta | undefined) => {
    if (handled || !options.onUnauthorized || !isUnauthorizedError(error)) return;
    const action = resolveUnauthorized(meta, (options.here ?? currentLocation)());
    if (!action) return;
    handled = true;
    options.onUnauthorized(action);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => on401(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => on401(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
