import { QueryClient, type QueryFunction } from "@tanstack/react-query";

/** Throws "<status>: <body text or status text>" for a non-success response (spec 7). */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** A request that sends credentials and JSON; throws on a non-success status. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** True for errors thrown by the helpers above for a 401. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: /.test(error.message);
}

/** Reads the `message` of a JSON error body inside an error thrown above, else the raw text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  try {
    const body = JSON.parse(match[1]!) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : fallback;
  } catch {
    return match[1] || fallback;
  }
}

type On401 = "returnNull" | "throw";
export function getQueryFn<T>(options: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/") as string, { credentials: "include" });
    if (options.on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/** TanStack Query with the spec's defaults: never refetch, never stale, no retry. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
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
