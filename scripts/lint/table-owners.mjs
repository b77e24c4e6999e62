import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Tables have owners (issue 26). Every table in src/db/schema
 * belongs to one feature. Only its owner imports it; a feature that needs its
 * rows calls the owner's functions. A table may name read-only readers (a
 * join the owner cannot offer as a function without moving the reader's
 * query into it); a reader never writes it (insert, update, delete). Pages
 * and route handlers (app/) import no table at all. Tests are exempt, and so
 * are type-only imports (a row's shape queries nothing).
 */

/** The tables each schema file declares: `export const name = pgTable(`. */
export function schemaTables(schemaDir) {
  const tables = {};
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(path.join(schemaDir, file), "utf8");
    for (const m of source.matchAll(/export const (\w+) = pgTable\(/g)) tables[m[1]] = file.replace(/\.ts$/, "");
  }
  return tables;
}

/**
 * Each table's owner: its schema file's owner unless the table is named in
 * `overrides`. Throws when a table has no owner, or an owner or reader is not
 * a feature folder (or "lib" for the job keys of src/lib/jobs).
 */
export function tableOwners({ tables, fileOwners, overrides, readers, features }) {
  const owners = {};
  const known = new Set([...features, "lib"]);
  for (const [table, file] of Object.entries(tables)) {
    const owner = overrides[table] ?? fileOwners[file];
    if (!owner) throw new Error(`Table ${table} (src/db/schema/${file}.ts) has no owner: add its file to SCHEMA_OWNERS or the table to TABLE_OWNERS (eslint.config.mjs)`);
    if (!known.has(owner)) throw new Error(`Table ${table}'s owner ${owner} is not a folder of src/features`);
    owners[table] = owner;
  }
  for (const [table, list] of Object.entries(readers)) {
    if (!owners[table]) throw new Error(`TABLE_READERS names ${table}, not a table`);
    for (const r of list) if (!known.has(r) || r === owners[table]) throw new Error(`TABLE_READERS.${table} names ${r}: not another feature`);
  }
  return owners;
}

const WRITES = new Set(["insert", "update", "delete"]);

function featureOf(filename) {
  const rel = filename.split(path.sep).join("/");
  const m = rel.match(/(?:^|\/)src\/features\/([^/]+)\//);
  if (m) return m[1];
  if (/(?:^|\/)src\/lib\//.test(rel)) return "lib";
  if (/(?:^|\/)app\//.test(rel)) return "app";
  return null;
}

const ownTables = {
  meta: {
    type: "problem",
    docs: { description: "Only the feature that owns a table imports it; declared readers never write it" },
    messages: {
      foreign: "Table `{{table}}` belongs to the {{owner}} feature: call its functions instead of importing the table (tables have owners, issue 26).",
      page: "Table `{{table}}` is imported by a page or route handler: call the {{owner}} feature's functions (tables have owners, issue 26).",
      write: "Table `{{table}}` belongs to the {{owner}} feature: only its owner writes it ({{verb}}).",
    },
    schema: [{ type: "object", properties: { owners: { type: "object" }, readers: { type: "object" } }, additionalProperties: false }],
  },
  create(context) {
    const { owners, readers = {} } = context.options[0] ?? {};
    const here = featureOf(context.filename);
    if (!here) return {};
    const foreign = new Map();
    return {
      ImportDeclaration(node) {
        if (!/^@\/db\/schema(\/[\w-]+)?$/.test(node.source.value)) return;
        // A type-only import names a row's shape and can neither read nor write the table.
        if (node.importKind === "type") return;
        for (const spec of node.specifiers) {
          if (spec.type !== "ImportSpecifier" || spec.importKind === "type") continue;
          const table = spec.imported.name;
          const owner = owners[table];
          if (!owner || owner === here) continue;
          foreign.set(spec.local.name, { table, owner });
          if (here === "app") context.report({ node: spec, messageId: "page", data: { table, owner } });
          else if (!(readers[table] ?? []).includes(here)) context.report({ node: spec, messageId: "foreign", data: { table, owner } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier" || !WRITES.has(callee.property.name)) return;
        const arg = node.arguments[0];
        if (arg?.type !== "Identifier" || !foreign.has(arg.name)) return;
        const { table, owner } = foreign.get(arg.name);
        context.report({ node, messageId: "write", data: { table, owner, verb: callee.property.name } });
      },
    };
  },
};

export const tableOwnersPlugin = { rules: { "own-tables": ownTables } };
