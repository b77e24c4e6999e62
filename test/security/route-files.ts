import { readdirSync, statSync } from "node:fs";
import path from "node:path";

export const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type Handler = (req: Request, ctx?: unknown) => Promise<Response>;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/** Every API route file with its key in ROUTE_ACCESS ("admin/ai-ready-orders/[id]"). */
export const ROUTES = routeFiles(API_DIR).map((file) => ({ file, key: path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/") }));

/** The dynamic segments of a route key, each filled with `value`. */
export function paramsFor(key: string, value: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const m of key.matchAll(/\[(\.\.\.)?([^\]]+)\]/g)) params[m[2]!] = m[1] ? value.split("/") : value;
  return params;
}
