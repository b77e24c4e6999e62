import Link from "next/link";
import {
  ATTEMPT_RETENTION_DAYS,
  DELIVERY_TIMEOUT_MS,
  DISABLE_AFTER_FAILING_MS,
  EVENT_TYPE_DESCRIPTIONS,
  LOGGED_RESPONSE_BYTES,
  MAX_ENDPOINTS,
  MAX_PAYLOAD_BYTES,
  PREVIOUS_SECRET_VALID_MS,
  RETRY_SCHEDULE_SECONDS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from "@/features/webhooks/event-types";
import type { OpenApiDocument } from "../openapi-document";
import { operationsOf } from "../operations";
import { refName, type JsonSchema } from "../schema-rows";
import { VERIFY_SNIPPETS } from "../verify-snippets";
import { eventComponentId, sampleEnvelope } from "../webhook-events";
import { durationWords, listWords, msWords } from "../words";
import { CodeBlock, JsonBlock } from "./code-block";
import { DocsLayout, type TocEntry } from "./docs-layout";
import { InlineText } from "./rich-text";
import { schemaAnchor, SchemaTable } from "./schema-table";
import { ScrollTable } from "./scroll-table";

/**
 * /docs/webhooks: what webhooks are, how to add an endpoint, what is sent,
 * how to verify it (Node and Python, with the library and by hand), retries,
 * and every event with its fields and an example. The numbers are the
 * delivery rules' constants (event-types.ts); the fields and examples are the
 * OpenAPI document's (the event schemas and samples.ts).
 */

const refHref = (name: string) => `/docs/api#${schemaAnchor(name)}`;
const eventAnchor = (type: WebhookEventType) => `event-${type.replace(/[._]/g, "-")}`;
const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";
const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900";

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-14 first:mt-0">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-950">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-slate-800">{children}</div>
    </section>
  );
}

/** The `data` schema of an event type's envelope, as the document has it. */
function dataSchema(doc: OpenApiDocument, type: WebhookEventType): JsonSchema | null {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const envelope = schemas[eventComponentId(type)];
  const data = (envelope?.properties as Record<string, JsonSchema> | undefined)?.data;
  if (!data) return null;
  const ref = refName(data);
  return ref ? (schemas[ref] ?? null) : data;
}

export function WebhooksGuide({ doc, baseUrl }: { doc: OpenApiDocument; baseUrl: string }) {
  const headers = operationsOf(doc.webhooks)[0]?.parameters ?? [];
  const retries = RETRY_SCHEDULE_SECONDS.map(durationWords);
  const rotation = msWords(PREVIOUS_SECRET_VALID_MS);
  const toc: TocEntry[] = [
    { href: "#what", label: "What webhooks are" },
    { href: "#add-endpoint", label: "Add an endpoint" },
    { href: "#requests", label: "What is sent" },
    { href: "#verify", label: "Verify the signature", children: VERIFY_SNIPPETS.map((s) => ({ href: `#verify-${s.id}`, label: s.title })) },
    { href: "#answers", label: "Answers and retries" },
    { href: "#duplicates", label: "Duplicates and order" },
    { href: "#rotation", label: "Rotating the secret" },
    { href: "#payloads", label: "What a payload holds" },
    { href: "#delivery-log", label: "The delivery log" },
    { href: "#events", label: "Events", children: WEBHOOK_EVENT_TYPES.map((t) => ({ href: `#${eventAnchor(t)}`, label: t })) },
  ];
  return (
    <DocsLayout
      title="Webhooks"
      lead={
        <p>
          Get a signed HTTPS request the moment a call is stored, an appointment is booked or a bill changes, and send it to your CRM or your own code. Every event is also described in the{" "}
          <Link href="/docs/api#events" className={linkClass}>
            API reference
          </Link>
          .
        </p>
      }
      toc={toc}
    >
      <Section id="what" title="What webhooks are">
        <p>
          A webhook is a request we send to a URL of yours when something happens in your account: a <code className={code}>POST</code> with a small JSON body saying what happened. You do not have to
          ask for changes; they come to you, signed so that you can tell they came from us. Requests follow the{" "}
          <a href="https://www.standardwebhooks.com/" className={linkClass}>
            Standard Webhooks
          </a>{" "}
          specification, so its libraries verify them.
        </p>
      </Section>

      <Section id="add-endpoint" title="Add an endpoint">
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            Sign in as an owner or a manager and open{" "}
            <Link href="/account/webhooks" className={linkClass}>
              Account › Webhooks
            </Link>
            .
          </li>
          <li>Choose Add endpoint, enter the endpoint URL (https), a description and the events it should receive, and save it.</li>
          <li>
            Copy the signing secret (it starts with <code className={code}>whsec_</code>). It is shown this once: keep it with your endpoint&apos;s configuration, never in a browser.
          </li>
          <li>Choose Send test event to receive a sample of any event type, signed like the real ones.</li>
        </ol>
        <p>
          An account can have up to {MAX_ENDPOINTS} endpoints. Addresses on private networks or this machine are refused, as is plain http. Endpoints can also be managed through the{" "}
          <Link href="/docs/api#tag-webhook-endpoints" className={linkClass}>
            webhook endpoint API
          </Link>
          .
        </p>
      </Section>

      <Section id="requests" title="What is sent">
        <p>
          Each event is a <code className={code}>POST</code> to your URL with <code className={code}>Content-Type: application/json</code>, a body{" "}
          <code className={code}>{'{ "type", "timestamp", "data" }'}</code> (the event type, when it happened, and what it is about), and three headers:
        </p>
        <ScrollTable caption="Headers of every webhook request" head={["Header", "What it holds", "Example"]}>
          {headers.map((h) => {
            const schema = (h.schema ?? {}) as JsonSchema;
            return (
              <tr key={h.name}>
                <td className="px-3 py-2 font-mono text-slate-950">{h.name}</td>
                <td className="px-3 py-2">
                  <InlineText text={h.description ?? (typeof schema.description === "string" ? schema.description : "")} />
                </td>
                <td className="px-3 py-2 font-mono text-xs [overflow-wrap:anywhere]">{String(schema.example ?? "")}</td>
              </tr>
            );
          })}
        </ScrollTable>
      </Section>

      <Section id="verify" title="Verify the signature">
        <p>
          The signature is an HMAC-SHA256 of <code className={code}>{"<webhook-id>.<webhook-timestamp>.<body>"}</code>, keyed with your secret (the part after <code className={code}>whsec_</code>,
          base64-decoded), written in base64 after <code className={code}>v1,</code>. Check it on the raw body exactly as received: parsing and re-serialising the JSON changes it. Refuse a timestamp
          more than 5 minutes from your clock, so that a recorded request cannot be replayed later. Compare signatures in constant time.
        </p>
        {VERIFY_SNIPPETS.map((s) => (
          <section key={s.id} aria-labelledby={`verify-${s.id}`} className="pt-4">
            <h3 id={`verify-${s.id}`} className="text-xl font-semibold text-slate-950">
              {s.title}
            </h3>
            {s.install ? <CodeBlock id={`install-${s.id}`} caption="Install" code={s.install} /> : null}
            <CodeBlock id={`code-${s.id}`} caption={s.language === "python" ? "verify_webhook.py" : "verify-webhook.mjs"} code={s.code} />
            <CodeBlock id={`usage-${s.id}`} caption="Using it" code={s.usage} />
          </section>
        ))}
      </Section>

      <Section id="answers" title="Answers and retries">
        <ul className="list-disc space-y-2 pl-6">
          <li>Answer with any 2xx status within {durationWords(DELIVERY_TIMEOUT_MS / 1000)}: the event is delivered. Do the slow work after answering (queue it).</li>
          <li>
            Anything else, or no answer in time, is tried again after {listWords(retries)}: {RETRY_SCHEDULE_SECONDS.length + 1} attempts in all. Each retry carries the same{" "}
            <code className={code}>webhook-id</code> and a new timestamp and signature.
          </li>
          <li>429, 502 and 504 also space out the next requests to that endpoint.</li>
          <li>
            <code className={code}>410 Gone</code> turns the endpoint off at once: nothing more is sent to it.
          </li>
          <li>
            An endpoint that has had no success for {msWords(DISABLE_AFTER_FAILING_MS)} is turned off too, and the account&apos;s owners are e-mailed. Turn it on again with its Enabled switch once it
            works.
          </li>
        </ul>
      </Section>

      <Section id="duplicates" title="Duplicates and order">
        <p>
          The same event can reach you more than once: a retry after an answer that was lost, or a resend from the delivery log. All of them carry the same <code className={code}>webhook-id</code>:
          remember the ids you handled (for a few days) and answer 2xx to one you have already seen without handling it again.
        </p>
        <p>
          Events can arrive out of order: while one is being retried, later ones are delivered. When order matters, compare the body&apos;s <code className={code}>timestamp</code>, or fetch the
          current state from the API.
        </p>
      </Section>

      <Section id="rotation" title="Rotating the secret">
        <p>
          Rotate secret on the endpoint makes a new secret, shown once. For the next {rotation}, every request carries two signatures in <code className={code}>webhook-signature</code>, one made with
          each secret, separated by a space: a request is genuine when one of them matches. Put the new secret in your configuration within those {rotation}; the old one then stops being used.
        </p>
      </Section>

      <Section id="payloads" title="What a payload holds">
        <p>
          A payload stays under {MAX_PAYLOAD_BYTES / 1024} KB: ids, the summary, the outcome, units, and links. It never carries a call&apos;s transcript. To read it, follow{" "}
          <code className={code}>data.links.api</code>: <code className={code}>GET /api/interactions/{"{id}"}</code> with your API key in <code className={code}>{"Authorization: Bearer <key>"}</code>{" "}
          (see the{" "}
          <Link href="/docs/api#get-api-interactions-id" className={linkClass}>
            API reference
          </Link>
          ). <code className={code}>data.links.portal</code> opens the call in the portal (sign-in required).
        </p>
      </Section>

      <Section id="delivery-log" title="The delivery log">
        <p>
          Account › Webhooks shows each endpoint&apos;s deliveries: every attempt with its status, time and the first {LOGGED_RESPONSE_BYTES / 1024} KB of your answer, kept {ATTEMPT_RETENTION_DAYS}{" "}
          days. Resend sends an event again now, with the same <code className={code}>webhook-id</code>.
        </p>
      </Section>

      <Section id="events" title="Events">
        <p>Each event&apos;s fields (in the body&apos;s data) and an example of the whole body.</p>
        {WEBHOOK_EVENT_TYPES.map((type) => {
          const data = dataSchema(doc, type);
          return (
            <section key={type} aria-labelledby={eventAnchor(type)} className="border-t border-slate-200 pt-6">
              <h3 id={eventAnchor(type)} className="font-mono text-xl font-semibold text-slate-950">
                {type}
              </h3>
              <p className="mt-2">{EVENT_TYPE_DESCRIPTIONS[type]}</p>
              {data ? <SchemaTable schema={data} caption={`Fields of data in ${type}`} refHref={refHref} /> : null}
              <JsonBlock id={`example-${eventAnchor(type)}`} caption={`Example: ${type}`} value={sampleEnvelope(type, baseUrl)} />
            </section>
          );
        })}
      </Section>
    </DocsLayout>
  );
}
