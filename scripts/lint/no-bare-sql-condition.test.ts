import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import { sqlConditionsPlugin } from "./no-bare-sql-condition.mjs";

/** Issue 21: the lint rule that keeps a raw sql`` fragment out of and()/or(). */
function problems(code: string): string[] {
  const linter = new Linter({ configType: "flat" });
  return linter
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser },
          plugins: { "sql-conditions": sqlConditionsPlugin },
          rules: { "sql-conditions/no-bare-sql-condition": "error" },
        },
      ],
      "src/x.ts",
    )
    .map((m) => m.ruleId ?? m.message);
}

describe("no-bare-sql-condition", () => {
  it("finds the statement that wrote one call's transcript into other customers' records", () => {
    const retellDefect = "db.update(t).set(v).where(and(eq(t.id, id), isNull(t.anonymizedAt), sql`(${t.summary} is null) or (${t.transcript} is null)`));";
    expect(problems(retellDefect)).toEqual(["sql-conditions/no-bare-sql-condition"]);
  });

  it("finds a fragment in or(), and one cast with as", () => {
    expect(problems("or(eq(a, 1), sql`b = 2 and c = 3`);")).toHaveLength(1);
    expect(problems("and(eq(a, 1), sql`b or c` as SQL);")).toHaveLength(1);
  });

  it("lets conditions built from and()/or(), a grouped fragment, and a fragment on its own through", () => {
    expect(problems("and(eq(t.id, id), or(isNull(t.summary), isNull(t.transcript)));")).toEqual([]);
    expect(problems("and(eq(t.id, id), group(sql`a or b`));")).toEqual([]);
    expect(problems("db.select().from(t).where(sql`a or b`);")).toEqual([]);
  });
});
