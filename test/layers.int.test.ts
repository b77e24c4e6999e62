import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rule of eslint.config.mjs fires on real code (README.md, Layers):
 * each snippet is linted as if it were the named file. If the import resolver
 * stopped resolving "@/...", every import would pass silently: this catches it.
 */
const root = path.resolve(import.meta.dirname, "..");
const RULE = "boundaries/dependencies";

type LayersModule = {
  FEATURE_DEPENDENCIES: Record<string, string[]>;
  checkFeatureDependencies: (deps: Record<string, string[]>, featureFolders: string[]) => void;
};

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function layerErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE && m.severity === 2).length;
}

describe("layer rule", () => {
  it.each([
    ["lib imports a feature", "src/lib/example.ts", 'import { effectiveRole } from "@/features/auth/roles";\nexport const x = effectiveRole;\n'],
    ["db imports a page", "src/db/example.ts", 'import { GET } from "@app/api/health/route";\nexport const x = GET;\n'],
    ["app imports db", "app/example.ts", 'import { user } from "@/db/schema";\nexport const x = user;\n'],
    ["billing imports usage (undeclared)", "src/features/billing/example.ts", 'import { usageTotals } from "@/features/usage/usage-totals.server";\nexport const x = usageTotals;\n'],
    ["a relative import into an undeclared feature", "src/features/leads/example.ts", 'import { blockedWords } from "../contact/schema";\nexport const x = blockedWords;\n'],
    ["a re-export from an undeclared feature", "src/features/plans/example.ts", 'export { findCustomerId } from "@/features/billing/customers.server";\n'],
    ["an import() of an undeclared feature", "src/features/plans/example.ts", 'export const load = () => import("@/features/billing/customers.server");\n'],
    ["a type-only import from an undeclared feature", "src/features/plans/example.ts", 'import type { CurrentUser } from "@/features/auth/current-user.server";\nexport type X = CurrentUser;\n'],
  ])("refuses: %s", async (_name, file, code) => {
    expect(await layerErrors(file, code)).toBe(1);
  });

  it.each([
    ["app imports features and lib", "app/example.ts", 'import { findPlan } from "@/features/plans/catalogue";\nimport { logger } from "@/lib/logger";\nexport const x = [findPlan, logger];\n'],
    [
      "a feature imports lib, db and a declared feature",
      "src/features/billing/example.ts",
      'import { findPlan } from "@/features/plans/catalogue";\nimport { getDb } from "@/lib/db";\nimport { user } from "@/db/schema";\nexport const x = [findPlan, getDb, user];\n',
    ],
    ["lib imports db", "src/lib/example.ts", 'import { user } from "@/db/schema";\nexport const x = user;\n'],
    ["a test calls a route handler", "src/features/plans/example.test.ts", 'import { GET } from "@app/api/health/route";\nexport const x = GET;\n'],
  ])("allows: %s", async (_name, file, code) => {
    expect(await layerErrors(file, code)).toBe(0);
  });
});

describe("FEATURE_DEPENDENCIES", () => {
  const load = async () => (await import(path.join(root, "eslint.config.mjs"))) as LayersModule;

  it("refuses a cycle and an undeclared feature folder", async () => {
    const { checkFeatureDependencies } = await load();
    expect(() => checkFeatureDependencies({ a: ["b"], b: ["c"], c: ["a"] }, ["a", "b", "c"])).toThrow(/cycle: a -> b -> c -> a/);
    expect(() => checkFeatureDependencies({ a: [] }, ["a", "b"])).toThrow(/does not list src\/features\/b/);
    expect(() => checkFeatureDependencies({ a: ["x"] }, ["a"])).toThrow(/names x/);
  });

  it("keeps the former cycles broken", async () => {
    const { FEATURE_DEPENDENCIES: deps } = await load();
    const pairs = [
      ["admin", "orders"],
      ["admin", "notifications"],
      ["billing", "usage"],
      ["usage", "admin-subscriptions"],
    ];
    for (const [a, b] of pairs) expect(deps[a]!.includes(b!) && deps[b!]!.includes(a!), `${a} <-> ${b}`).toBe(false);
  });
});
