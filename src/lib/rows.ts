/** One row's object: each field name paired with the row's value at its place. */
type RowObject<K extends readonly string[], V extends readonly unknown[]> = { readonly [I in keyof K & `${number}` as K[I] & string]: V[I & keyof V] };

/** The objects `rows` makes: one per row, each field keeping its literal types. */
type Rows<K extends readonly string[], R extends readonly (readonly unknown[])[]> = readonly (R[number] extends infer V ? (V extends readonly unknown[] ? RowObject<K, V> : never) : never)[];

/**
 * A list of objects written as a table: the field names once, then one row of
 * values per object, e.g. `rows(["value", "label"], ["en-US", "English (US)"], ["fr-FR", "French"])`.
 * Each field keeps its literal types, as in an `as const` list; a row shorter
 * than the names leaves the last fields out.
 */
export function rows<const K extends readonly string[], const R extends readonly (readonly unknown[])[]>(keys: K, ...values: R): Rows<K, R> {
  return values.map((row) => Object.fromEntries(row.map((value, i) => [keys[i], value]))) as never;
}
