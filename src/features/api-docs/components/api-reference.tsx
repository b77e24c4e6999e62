import Link from "next/link";
import type { OpenApiDocument } from "../openapi-document";
import { TAGS } from "../openapi-document";
import { operationsOf, type Operation, type ParameterObject } from "../operations";
import { refName, typeParts, notes, type JsonSchema } from "../schema-rows";
import { SCHEME_LABELS, type SecuritySchemeName } from "../security";
import { JsonBlock } from "./code-block";
import { DocsLayout, type TocEntry } from "./docs-layout";
import { InlineText, Paragraphs } from "./rich-text";
import { schemaAnchor, SchemaTable, TypeText } from "./schema-table";
import { ScrollTable } from "./scroll-table";

/**
 * /docs/api: the OpenAPI document (/api/openapi.json) as a page: each
 * operation with its authentication, parameters, body and answers, the
 * events webhooks receive, and every schema as a table. Rendered from the
 * same document, at build time.
 */

const refHref = (name: string) => `#${schemaAnchor(name)}`;

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  put: "bg-amber-100 text-amber-900",
  patch: "bg-violet-100 text-violet-900",
  delete: "bg-rose-100 text-rose-900",
};

function MethodBadge({ method }: { method: string }) {
  return <span className={`rounded px-2 py-0.5 font-mono text-sm font-bold ${METHOD_STYLE[method] ?? "bg-slate-100 text-slate-900"}`}>{method.toUpperCase()}</span>;
}

function authText(security: string[]): string {
  if (security.length === 0) return "None: the link's signature is the authorization.";
  return security.map((s) => SCHEME_LABELS[s as SecuritySchemeName] ?? s).join(", or ");
}

function ParametersTable({ parameters, caption, title = "Parameters", level = "h4" }: { parameters: ParameterObject[]; caption: string; title?: string; level?: "h3" | "h4" }) {
  if (parameters.length === 0) return null;
  const Heading = level;
  return (
    <>
      <Heading className={level === "h3" ? "mt-6 text-xl font-semibold text-slate-950" : "mt-5 font-semibold text-slate-950"}>{title}</Heading>
      <ScrollTable caption={caption} head={["Name", "In", "Type", "Required", "Description"]}>
        {parameters.map((p) => {
          const schema = (p.schema ?? {}) as JsonSchema;
          const description = p.description ?? (typeof schema.description === "string" ? schema.description : "");
          const constraints = notes(schema);
          return (
            <tr key={`${p.in}-${p.name}`}>
              <td className="px-3 py-2 font-mono text-[0.85rem] text-slate-950">{p.name}</td>
              <td className="px-3 py-2">{p.in}</td>
              <td className="px-3 py-2">
                <TypeText parts={typeParts(schema)} refHref={refHref} />
              </td>
              <td className="px-3 py-2">{p.required ? "yes" : "no"}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                {description ? <InlineText text={description} /> : null}
                {constraints.length ? <span className="block text-slate-700">{constraints.join("; ")}</span> : null}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </>
  );
}

function BodyType({ schema }: { schema: JsonSchema | null }) {
  if (!schema) return <span>none</span>;
  return <TypeText parts={typeParts(schema)} refHref={refHref} />;
}

function OperationSection({ op }: { op: Operation }) {
  const body = op.requestBody;
  const bodyRef = body ? refName(body.schema) : null;
  return (
    <section aria-labelledby={op.anchor} className="mt-10 border-t border-slate-200 pt-8">
      <h3 id={op.anchor} className="flex flex-wrap items-center gap-2 text-xl font-semibold text-slate-950">
        <MethodBadge method={op.method} /> <code className="font-mono text-lg [overflow-wrap:anywhere]">{op.path}</code>
      </h3>
      <p className="mt-2 font-medium text-slate-900">{op.summary}</p>
      <Paragraphs text={op.description} />
      <p className="mt-3 text-slate-800">
        <span className="font-semibold">Authentication: </span>
        {authText(op.security)}
      </p>
      <ParametersTable parameters={op.parameters} caption={`Parameters of ${op.method.toUpperCase()} ${op.path}`} />
      {body ? (
        <>
          <h4 className="mt-5 font-semibold text-slate-950">Request body</h4>
          <p className="mt-2 text-slate-800">
            <code className="font-mono text-sm">{body.mediaType}</code>: <BodyType schema={body.schema} />
          </p>
          {bodyRef ? null : <SchemaTable schema={body.schema} caption={`Request body of ${op.method.toUpperCase()} ${op.path}`} refHref={refHref} />}
          {body.example !== undefined ? <JsonBlock id={`${op.anchor}-example`} caption="Example request body" value={body.example} /> : null}
        </>
      ) : null}
      <h4 className="mt-5 font-semibold text-slate-950">Answers</h4>
      <ScrollTable caption={`Answers of ${op.method.toUpperCase()} ${op.path}`} head={["Status", "Meaning", "Body"]}>
        {op.responses.map((r) => (
          <tr key={r.status}>
            <td className="px-3 py-2 font-mono">{r.status}</td>
            <td className="px-3 py-2 [overflow-wrap:anywhere]">
              <InlineText text={r.description} />
            </td>
            <td className="px-3 py-2 [overflow-wrap:anywhere]">
              {r.mediaType ? (
                <>
                  <code className="font-mono text-xs">{r.mediaType}</code>
                  {r.schema ? (
                    <>
                      {" "}
                      <BodyType schema={r.schema} />
                    </>
                  ) : null}
                </>
              ) : (
                "none"
              )}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

function EventsSection({ events }: { events: Operation[] }) {
  return (
    <section aria-labelledby="events" className="mt-16">
      <h2 id="events" className="text-3xl font-bold tracking-tight text-slate-950">
        Events
      </h2>
      <p className="mt-3 leading-7 text-slate-800">
        What your webhook endpoints receive: a <code className="font-mono">POST</code> with a JSON body <code className="font-mono">{"{ type, timestamp, data }"}</code> and the Standard Webhooks
        headers. The{" "}
        <Link href="/docs/webhooks" className="font-medium text-brand-700 underline underline-offset-2">
          webhooks guide
        </Link>{" "}
        says how to verify them, and shows an example of each.
      </p>
      <ParametersTable parameters={events[0]?.parameters ?? []} caption="Headers of every event" title="Headers" level="h3" />
      <h3 className="mt-6 text-xl font-semibold text-slate-950">Event types</h3>
      <ScrollTable caption="Event types" head={["Event", "When", "Body"]}>
        {events.map((e) => (
          <tr key={e.path} id={e.anchor}>
            <td className="px-3 py-2 font-mono text-slate-950">{e.path}</td>
            <td className="px-3 py-2">{e.summary}</td>
            <td className="px-3 py-2">{e.requestBody ? <BodyType schema={e.requestBody.schema} /> : null}</td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

function SchemasSection({ schemas }: { schemas: Record<string, JsonSchema> }) {
  return (
    <section aria-labelledby="schemas" className="mt-16">
      <h2 id="schemas" className="text-3xl font-bold tracking-tight text-slate-950">
        Schemas
      </h2>
      {Object.entries(schemas).map(([name, schema]) => (
        <section key={name} aria-labelledby={schemaAnchor(name)} className="mt-8">
          <h3 id={schemaAnchor(name)} className="font-mono text-lg font-semibold text-slate-950">
            {name}
          </h3>
          {typeof schema.description === "string" ? <Paragraphs text={schema.description} /> : null}
          <SchemaTable schema={schema} caption={`Fields of ${name}`} refHref={refHref} />
        </section>
      ))}
    </section>
  );
}

export function ApiReference({ doc, documentUrl }: { doc: OpenApiDocument; documentUrl: string }) {
  const operations = operationsOf(doc.paths);
  const events = operationsOf(doc.webhooks);
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const schemes = Object.entries(doc.components?.securitySchemes ?? {}) as [SecuritySchemeName, { description?: string }][];
  const groups = TAGS.filter((t) => t.name !== "Events").map((t) => ({ ...t, anchor: `tag-${t.name.toLowerCase().replace(/\s+/g, "-")}`, ops: operations.filter((o) => o.tag === t.name) }));
  const toc: TocEntry[] = [
    { href: "#authentication", label: "Authentication" },
    ...groups.map((g) => ({ href: `#${g.anchor}`, label: g.name, children: g.ops.map((o) => ({ href: `#${o.anchor}`, label: `${o.method.toUpperCase()} ${o.path}` })) })),
    { href: "#events", label: "Events" },
    { href: "#schemas", label: "Schemas" },
  ];
  return (
    <DocsLayout
      title="API reference"
      lead={
        <>
          <p>
            The {doc.info.title}, version {doc.info.version}, at <code className="font-mono text-base [overflow-wrap:anywhere]">{doc.servers?.[0]?.url}</code>.
          </p>
          <p className="mt-3">
            <a href={documentUrl} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Download the OpenAPI 3.1 document (openapi.json)
            </a>{" "}
            for your tools, or read the{" "}
            <Link href="/docs/webhooks" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              webhooks guide
            </Link>
            .
          </p>
        </>
      }
      toc={toc}
    >
      <Paragraphs text={doc.info.description ?? ""} />
      <section aria-labelledby="authentication" className="mt-12">
        <h2 id="authentication" className="text-3xl font-bold tracking-tight text-slate-950">
          Authentication
        </h2>
        <ScrollTable caption="Authentication schemes" head={["Scheme", "How"]}>
          {schemes.map(([name, scheme]) => (
            <tr key={name}>
              <td className="px-3 py-2 font-medium text-slate-950">{SCHEME_LABELS[name] ?? name}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">
                <InlineText text={scheme.description ?? ""} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      </section>
      {groups.map((g) => (
        <section key={g.name} aria-labelledby={g.anchor} className="mt-16">
          <h2 id={g.anchor} className="text-3xl font-bold tracking-tight text-slate-950">
            {g.name}
          </h2>
          <p className="mt-3 leading-7 text-slate-800">{g.description}</p>
          {g.ops.map((op) => (
            <OperationSection key={op.anchor} op={op} />
          ))}
        </section>
      ))}
      <EventsSection events={events} />
      <SchemasSection schemas={schemas} />
    </DocsLayout>
  );
}
