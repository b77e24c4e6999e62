import path from "node:path";
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import { schemaTables, tableOwners, tableOwnersPlugin } from "./table-owners.mjs";

/** Issue 26: only the feature that owns a table imports it; readers never write it. */
const owners = { subscriptions: "billing", interactions: "interactions", usageRecords: "usage" };
const readers = { interactions: ["usage"] };

function problems(code: string, file: string): string[] {
  const linter = new Linter({ configType: "flat" });
  return linter
    .verify(code, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { t: tableOwnersPlugin }, rules: { "t/own-tables": ["error", { owners, readers }] } }], file)
    .map((m) => m.message);
}

describe("own-tables", () => {
  it("refuses another feature's table, and names its owner", () => {
    const found = problems('import { subscriptions } from "@/db/schema";\nexport const q = subscriptions;', "src/features/orders/orders.server.ts");
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("belongs to the billing feature");
  });

  it("lets the owner import its table, also from its schema file", () => {
    expect(problems('import { subscriptions } from "@/db/schema/billing";', "src/features/billing/x.server.ts")).toEqual([]);
  });

  it("lets a declared reader read, never write", () => {
    expect(problems('import { interactions } from "@/db/schema";\ndb.select().from(interactions);', "src/features/usage/months.server.ts")).toEqual([]);
    const found = problems('import { interactions } from "@/db/schema";\ndb.update(interactions).set({});', "src/features/usage/months.server.ts");
    expect(found).toEqual([expect.stringContaining("only its owner writes it (update)")]);
  });

  it("lets a type-only import name another feature's row shape, but not a value import beside it", () => {
    expect(problems('import type { subscriptions } from "@/db/schema";\nexport type Row = typeof subscriptions.$inferSelect;', "src/features/orders/x.ts")).toEqual([]);
    expect(problems('import { type subscriptions, usageRecords } from "@/db/schema";\nexport const q = usageRecords;', "src/features/orders/x.ts")).toEqual([
      expect.stringContaining("belongs to the usage feature"),
    ]);
  });

  it("refuses any table in a page or route handler", () => {
    expect(problems('import { usageRecords } from "@/db/schema";', "app/api/x/route.ts")).toEqual([expect.stringContaining("page or route handler")]);
  });

  it("ignores what is not a table (enums, types) and files outside features", () => {
    expect(problems('import { INTERACTION_OUTCOMES } from "@/db/schema";', "src/features/orders/x.ts")).toEqual([]);
    expect(problems('import { subscriptions } from "@/db/schema";', "test/x.int.test.ts")).toEqual([]);
  });
});

describe("tableOwners", () => {
  const schemaDir = path.resolve(import.meta.dirname, "../../src/db/schema");

  it("finds every table of the schema", () => {
    const tables = schemaTables(schemaDir);
    expect(tables.subscriptions).toBe("billing");
    expect(tables.interactions).toBe("interactions");
  });

  it("fails on a table without an owner and on a reader that is not a feature", () => {
    const tables = { a: "one", b: "two" };
    expect(() => tableOwners({ tables, fileOwners: { one: "x" }, overrides: {}, readers: {}, features: ["x"] })).toThrow(/Table b/);
    expect(() => tableOwners({ tables, fileOwners: { one: "x", two: "x" }, overrides: {}, readers: { a: ["nope"] }, features: ["x"] })).toThrow(/TABLE_READERS.a/);
  });
});
