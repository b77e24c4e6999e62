import { schemaRows, type JsonSchema, type TypePart } from "../schema-rows";
import { InlineText } from "./rich-text";
import { ScrollTable } from "./scroll-table";

/** Where a component's table is: "#schema-Interaction" on /docs/api, "/docs/api#schema-…" elsewhere. */
export type RefHref = (name: string) => string;
export const schemaAnchor = (name: string) => `schema-${name}`;

export function TypeText({ parts, refHref }: { parts: TypePart[]; refHref: RefHref }) {
  return (
    <>
      {parts.map((p, i) =>
        "ref" in p ? (
          <a key={i} href={refHref(p.ref)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            {p.ref}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/** An object schema's fields: name, type, required, description with its constraints. */
export function SchemaTable({ schema, caption, refHref }: { schema: JsonSchema; caption: string; refHref: RefHref }) {
  const rows = schemaRows(schema);
  return (
    <ScrollTable caption={caption} head={["Field", "Type", "Required", "Description"]}>
      {rows.map((r) => (
        <tr key={r.name || "(body)"}>
          <td className="px-3 py-2 font-mono text-[0.85rem] text-slate-950 [overflow-wrap:anywhere]">{r.name || "(the body)"}</td>
          <td className="px-3 py-2">
            <TypeText parts={r.type} refHref={refHref} />
          </td>
          <td className="px-3 py-2">{r.required ? "yes" : "no"}</td>
          <td className="px-3 py-2 [overflow-wrap:anywhere]">
            {r.description ? <InlineText text={r.description} /> : null}
            {r.notes.length ? <span className="block text-slate-700">{r.notes.join("; ")}</span> : null}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}
