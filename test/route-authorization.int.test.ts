import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ACCESS } from "@/lib/http/route-access";
import { call, createUser, type TestUser } from "./http-helpers";

const apiDir = path.resolve(import.meta.dirname, "../app/api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

const files = routeFiles(apiDir).map((f) => ({ file: f, key: path.relative(apiDir, path.dirname(f)).split(path.sep).join("/") }));

/** Fills dynamic segments with placeholder values. */
function paramsFor(key: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of key.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)) params[m[1]!] = "00000000-0000-0000-0000-000000000000";
  return params;
}

describe("every API route checks who is calling", () => {
  let customer: TestUser;
  beforeAll(async () => {
    process.env.ENABLE_TEST_TOOLS = "true";
    const { resetConfigForTests } = await import("@/lib/config");
    resetConfigForTests();
    customer = await createUser();
  });

  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(3);
  });

  for (const { file, key } of files) {
    it(`${key} is declared in ROUTE_ACCESS for each method it exports`, async () => {
      const mod = (await import(file)) as Record<string, unknown>;
      const exported = METHODS.filter((m) => typeof mod[m] === "function");
      expect(exported.length, `${key} exports no handler`).toBeGreaterThan(0);
      for (const m of exported) {
        expect(ROUTE_ACCESS[key]?.[m], `${m} /api/${key} is missing from src/lib/http/route-access.ts`).toBeDefined();
      }
    });

    for (const method of METHODS) {
      const access = ROUTE_ACCESS[key]?.[method];
      if (!access || access === "public") continue;
      it(`${method} /api/${key} answers 401 to an anonymous caller`, async () => {
        const mod = (await import(file)) as Record<string, (req: Request, ctx?: unknown) => Promise<Response>>;
        const res = await call(mod[method]!, { method, path: `/api/${key}`, params: paramsFor(key), body: method === "GET" || method === "DELETE" ? undefined : {} });
        expect(res.status).toBe(401);
      });
      if (access === "admin") {
        it(`${method} /api/${key} answers 403 to a customer`, async () => {
          const mod = (await import(file)) as Record<string, (req: Request, ctx?: unknown) => Promise<Response>>;
          const res = await call(mod[method]!, {
            method,
            path: `/api/${key}`,
            params: paramsFor(key),
            cookie: customer.cookie,
            body: method === "GET" || method === "DELETE" ? undefined : {},
          });
          expect(res.status).toBe(403);
        });
      }
    }
  }
});
