/**
 * Lint rule (issue 21): a raw `sql` fragment must never stand beside other
 * conditions in drizzle's and()/or(). Those join their arguments with
 * " and " / " or " without parentheses around each, so a fragment holding
 * `a or b` regroups the whole WHERE clause: `id = $1 and a or b` updated
 * every row matching b (the Retell webhook wrote one call's transcript into
 * other customers' records). Build the condition from and()/or()/eq()…, or
 * wrap a fragment in group() (src/lib/sql-group.ts), which parenthesises it.
 */
const COMBINATORS = new Set(["and", "or"]);

function isSqlTemplate(node) {
  if (!node) return false;
  if (node.type === "TSAsExpression" || node.type === "TSNonNullExpression") return isSqlTemplate(node.expression);
  if (node.type !== "TaggedTemplateExpression") return false;
  const tag = node.tag.type === "TSInstantiationExpression" ? node.tag.expression : node.tag;
  return tag.type === "Identifier" && tag.name === "sql";
}

const noBareSqlCondition = {
  meta: {
    type: "problem",
    docs: { description: "A raw sql fragment beside other conditions in and()/or() can regroup them" },
    messages: {
      bare: "A raw sql`` fragment inside {{name}}() can regroup the other conditions (`a and b or c`). Build it from and()/or()/eq()…, or wrap it in group() from @/lib/sql-group.",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== "Identifier" || !COMBINATORS.has(node.callee.name)) return;
        for (const arg of node.arguments) {
          if (isSqlTemplate(arg)) context.report({ node: arg, messageId: "bare", data: { name: node.callee.name } });
        }
      },
    };
  },
};

export const sqlConditionsPlugin = { rules: { "no-bare-sql-condition": noBareSqlCondition } };
