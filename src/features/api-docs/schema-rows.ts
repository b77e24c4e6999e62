/**
 * A JSON Schema (OpenAPI 3.1 Schema Object) as the rows of a readable table:
 * one row per field, nested objects flattened with dotted names
 * ("transcript[].speaker"), a component ($ref) named rather than expanded
 * (the page links it to its own table).
 */

export type JsonSchema = { [key: string]: unknown };

/** A type as words and links: [{ text: "array of " }, { ref: "Interaction" }]. */
export type TypePart = { text: string } | { ref: string };

export type SchemaRow = {
  name: string;
  type: TypePart[];
  required: boolean;
  description: string;
  /** Constraints and choices in words: "one of: phone, sms", "at most 200 characters". */
  notes: string[];
};

const REF_PREFIX = "#/components/schemas/";
const MAX_DEPTH = 5;

/** The component a schema points to ("Interaction"), or null. */
export function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(REF_PREFIX) ? decodeURIComponent(ref.slice(REF_PREFIX.length)) : null;
}

const isSchema = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const schemaList = (v: unknown): JsonSchema[] => (Array.isArray(v) ? v.filter(isSchema) : []);

/** `anyOf: [X, {type: "null"}]` → X and "or null". */
function withoutNull(schema: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const options = schemaList(schema.anyOf ?? schema.oneOf);
  const nonNull = options.filter((o) => o.type !== "null");
  if (options.length === 2 && nonNull.length === 1) return { inner: { ...nonNull[0], description: schema.description ?? nonNull[0]!.description }, nullable: true };
  if (Array.isArray(schema.type) && schema.type.includes("null")) {
    const rest = schema.type.filter((t) => t !== "null");
    return { inner: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { inner: schema, nullable: false };
}

/** The type of a schema in words, components as links. */
export function typeParts(schema: JsonSchema): TypePart[] {
  const { inner, nullable } = withoutNull(schema);
  const parts = baseType(inner);
  return nullable ? [...parts, { text: " or null" }] : parts;
}

function baseType(s: JsonSchema): TypePart[] {
  const ref = refName(s);
  if (ref) return [{ ref }];
  if ("const" in s) return [{ text: JSON.stringify(s.const) }];
  const options = schemaList(s.anyOf ?? s.oneOf);
  if (options.length) return options.flatMap((o, i) => (i ? [{ text: " or " }, ...typeParts(o)] : typeParts(o)));
  if (s.type === "array") return [{ text: "array of " }, ...(isSchema(s.items) ? typeParts(s.items) : [{ text: "anything" }])];
  if (Array.isArray(s.type)) return [{ text: s.type.join(" or ") }];
  if (typeof s.type === "string") return [{ text: s.format ? `${s.type} (${String(s.format)})` : s.type }];
  return [{ text: "any" }];
}

const LONG_PATTERN = 60;

/** Constraints, choices, default and example in words. */
export function notes(schema: JsonSchema): string[] {
  const s = withoutNull(schema).inner;
  const out: string[] = [];
  const list = Array.isArray(s.enum) ? s.enum : null;
  if (list) out.push(`one of: ${list.map((v) => String(v)).join(", ")}`);
  if (typeof s.minLength === "number" && s.minLength > 0) out.push(`at least ${s.minLength} character${s.minLength === 1 ? "" : "s"}`);
  if (typeof s.maxLength === "number") out.push(`at most ${s.maxLength} characters`);
  if (typeof s.minimum === "number") out.push(`from ${s.minimum}`);
  if (typeof s.maximum === "number") out.push(`up to ${s.maximum}`);
  if (typeof s.minItems === "number" && s.minItems > 0) out.push(`at least ${s.minItems} item${s.minItems === 1 ? "" : "s"}`);
  if (typeof s.maxItems === "number") out.push(`at most ${s.maxItems} items`);
  if (typeof s.pattern === "string" && s.pattern.length <= LONG_PATTERN && !s.format) out.push(`pattern ${s.pattern}`);
  if ("default" in s) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.additionalProperties === false) out.push("no other fields");
  return out;
}

/** The object a field's schema describes inline (itself, an array's items, or the non-null branch), to list its fields under it. */
function inlineObject(schema: JsonSchema): { object: JsonSchema; suffix: string } | null {
  const s = withoutNull(schema).inner;
  if (refName(s)) return null;
  if (s.type === "object" && isSchema(s.properties)) return { object: s, suffix: "" };
  if (s.type === "array" && isSchema(s.items) && !refName(s.items)) {
    const items = withoutNull(s.items).inner;
    if (items.type === "object" && isSchema(items.properties)) return { object: items, suffix: "[]" };
  }
  return null;
}

/** The rows of an object schema's fields (nested inline objects flattened); a non-object schema is one unnamed row. */
export function schemaRows(schema: JsonSchema): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const visit = (object: JsonSchema, prefix: string, depth: number) => {
    const properties = isSchema(object.properties) ? object.properties : {};
    const required = new Set(Array.isArray(object.required) ? object.required : []);
    for (const [name, value] of Object.entries(properties)) {
      if (!isSchema(value)) continue;
      const full = `${prefix}${name}`;
      rows.push({ name: full, type: typeParts(value), required: required.has(name), description: describe(value), notes: notes(value) });
      const nested = inlineObject(value);
      if (nested && depth < MAX_DEPTH) visit(nested.object, `${full}${nested.suffix}.`, depth + 1);
    }
  };
  const top = inlineObject(schema);
  if (top && top.suffix === "") visit(top.object, "", 0);
  else {
    rows.push({ name: "", type: typeParts(schema), required: true, description: describe(schema), notes: notes(schema) });
    if (top) visit(top.object, "[].", 1);
  }
  return rows;
}

function describe(schema: JsonSchema): string {
  const own = schema.description;
  if (typeof own === "string") return own;
  const inner = withoutNull(schema).inner.description;
  return typeof inner === "string" ? inner : "";
}
