"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { toast } from "@/lib/ui/toaster";
import type { EndpointView } from "../endpoint.schema";
import { MAX_ENDPOINTS } from "../event-types";
import { EndpointCard } from "./endpoint-card";
import { EndpointForm } from "./endpoint-form";
import { SigningSecret, type ShownSecret } from "./signing-secret";
import { ENDPOINTS_KEY, webhooksApi, type EndpointFields, type EndpointList } from "./webhooks-client";

const NEW_ENDPOINT: EndpointFields = { url: "", description: "", eventTypes: ["call.completed"] };
const ADD_BUTTON = "add-webhook-endpoint";
const docsLink = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * /account/webhooks (issue 25): the account's webhook endpoints, "Add
 * endpoint", the signing secret shown once after an add or a rotation, and
 * per endpoint its switch, actions and deliveries. The server renders the
 * list it read (`initial`); changes go through the API.
 */
export function WebhooksPage({ initial, timeZone }: { initial: EndpointView[]; timeZone: string }) {
  const queryClient = useQueryClient();
  const list = useQuery<EndpointList>({ queryKey: ENDPOINTS_KEY, initialData: { items: initial }, meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/account/webhooks" } } });
  const endpoints = list.data.items;
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a form closes or an endpoint goes, focus returns to "Add endpoint" (the heading when it is gone).
  const [focusTick, setFocusTick] = useState(0);
  const focusAdd = () => setFocusTick((t) => t + 1);
  useEffect(() => {
    if (focusTick) (document.getElementById(ADD_BUTTON) ?? heading.current)?.focus();
  }, [focusTick]);

  const full = endpoints.length >= MAX_ENDPOINTS;

  const create = async (fields: EndpointFields) => {
    const created = await webhooksApi.create(fields);
    const { secret: plain, ...view } = created;
    queryClient.setQueryData<EndpointList>(ENDPOINTS_KEY, (old) => ({ items: [...(old?.items ?? []), view] }));
    setAdding(false);
    setSecret({ endpointUrl: view.url, secret: plain, reason: "created" });
    toast({ title: "Endpoint added", description: "Copy its signing secret now: it is not shown again." });
  };

  const removed = (id: string) => {
    queryClient.setQueryData<EndpointList>(ENDPOINTS_KEY, (old) => ({ items: (old?.items ?? []).filter((e) => e.id !== id) }));
    if (secret && endpoints.find((e) => e.id === id)?.url === secret.endpointUrl) setSecret(null);
    toast({ title: "Endpoint deleted" });
    focusAdd();
  };

  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <p className="text-sm">
          <Link href="/account" className={docsLink}>
            Account
          </Link>
        </p>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus-visible:outline-none">
          Webhooks
        </h1>
        <p className="max-w-3xl text-slate-700">
          Send what happens in your account (calls, appointments, usage, billing) to your own systems as signed HTTPS requests. Up to {MAX_ENDPOINTS} endpoints; times are in{" "}
          {timeZone.replaceAll("_", " ")}.{" "}
          <Link href="/docs/webhooks" className={docsLink}>
            How webhooks work and how to verify them
          </Link>
        </p>
      </header>

      {secret ? (
        <SigningSecret
          shown={secret}
          onDone={() => {
            setSecret(null);
            focusAdd();
          }}
        />
      ) : null}

      {adding ? (
        <EndpointForm
          title="Add endpoint"
          initial={NEW_ENDPOINT}
          onSave={create}
          onCancel={() => {
            setAdding(false);
            focusAdd();
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            id={ADD_BUTTON}
            type="button"
            onClick={() => {
              setAdding(true);
              setSecret(null);
            }}
            disabled={full}
            aria-describedby={full ? "webhooks-full" : undefined}
          >
            <Plus aria-hidden />
            Add endpoint
          </Button>
          {full ? (
            <p id="webhooks-full" className="text-sm text-slate-700">
              An account can have at most {MAX_ENDPOINTS} webhook endpoints: delete one to add another.
            </p>
          ) : null}
        </div>
      )}

      {endpoints.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-800">
          <h2 className="text-lg font-semibold">No webhook endpoints yet</h2>
          <p className="mt-2 max-w-3xl">
            A webhook is an address of yours (your CRM, Zapier, your own server) that we call the moment something happens: a call was completed, an appointment booked, an invoice paid. Each request
            is signed with the endpoint&apos;s secret (Standard Webhooks), so your system can check it came from us, and a failed delivery is retried on a schedule for about three days.
          </p>
          <p className="mt-2">
            <Link href="/docs/webhooks" className={docsLink}>
              Read the webhooks guide
            </Link>{" "}
            for the events, example payloads and how to verify a signature in Node and Python.
          </p>
        </div>
      ) : (
        <div className="space-y-4">
          <h2 className="text-xl font-semibold">Endpoints</h2>
          <ul className="space-y-6" aria-label="Webhook endpoints">
            {endpoints.map((e) => (
              <EndpointCard
                key={e.id}
                endpoint={e}
                timeZone={timeZone}
                onRotated={(r) => {
                  queryClient.setQueryData<EndpointList>(ENDPOINTS_KEY, (old) => ({ items: (old?.items ?? []).map((x) => (x.id === r.endpoint.id ? r.endpoint : x)) }));
                  setSecret({ endpointUrl: r.endpoint.url, secret: r.secret, reason: "rotated" });
                }}
                onDeleted={() => removed(e.id)}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
