/**
 * Stripe's form encoding, decoded: `items[0][price]=p` -> `{items: [{price: 'p'}]}`,
 * `expand[0]=x` -> `{expand: ['x']}`, `metadata[k]=v` -> `{metadata: {k: 'v'}}`.
 * Numeric keys make arrays. Values stay strings, as the API receives them.
 */
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

export function decodeParams(flat: Record<string, string>): Params {
  const root: Params = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split("[").map((p, i) => (i === 0 ? p : p.replace(/\]$/, "")));
    let node: Params | ParamValue[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const last = i === parts.length - 1;
      const slot = part === "" && Array.isArray(node) ? node.length : part;
      if (last) {
        (node as Record<string | number, ParamValue>)[slot as never] = value;
      } else {
        const next = parts[i + 1]!;
        const container = (node as Record<string | number, ParamValue>)[slot as never];
        if (container === undefined || typeof container === "string") {
          const made: Params | ParamValue[] = /^\d*$/.test(next) ? [] : {};
          (node as Record<string | number, ParamValue>)[slot as never] = made;
          node = made;
        } else {
          node = container as Params | ParamValue[];
        }
      }
    }
  }
  return root;
}

/** The top-level parameter names of a request (`items[0][price]` -> `items`). */
export function topLevelNames(flat: Record<string, string>): string[] {
  return [...new Set(Object.keys(flat).map((k) => k.split("[")[0]!))];
}

export const str = (v: ParamValue | undefined): string | undefined => (typeof v === "string" ? v : undefined);
export const num = (v: ParamValue | undefined): number | undefined => (typeof v === "string" && v !== "" ? Number(v) : undefined);
export const bool = (v: ParamValue | undefined): boolean | undefined => (v === "true" ? true : v === "false" ? false : undefined);
export const obj = (v: ParamValue | undefined): Params => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
export const arr = (v: ParamValue | undefined): ParamValue[] => (Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : []);
/** A metadata hash: strings only; an empty value deletes the key on update. */
export function metadata(v: ParamValue | undefined, base: Record<string, string> = {}): Record<string, string> {
  const out = { ...base };
  for (const [k, val] of Object.entries(obj(v))) {
    if (typeof val !== "string") continue;
    if (val === "") delete out[k];
    else out[k] = val;
  }
  return out;
}
