"use client";

import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { SectionCard } from "@/lib/ui/card";
import { Button } from "@/lib/ui/button";
import { InputField } from "@/lib/ui/input";
import { api, ApiError, hasStatus } from "@/lib/api-client";
import { toast } from "@/lib/ui/toaster";
import { formatCents } from "@/features/plans/catalogue";
import { createTestSubscriptionSchema, meterUsageSchema, type CreateTestSubscriptionResponse, type MeterUsageResponse, type TestToolDefaults } from "../test-tools.schema";

async function postTest<T>(url: string, body: unknown): Promise<{ ok: boolean; status: number; data: T & { message?: string } }> {
  try {
    const data = ((await api.post<T & { message?: string }>(url, body)) ?? {}) as T & { message?: string };
    return { ok: true, status: 200, data };
  } catch (err) {
    // Non-2xx: the body (JSON) is still read for its error fields; network errors propagate.
    if (!(err instanceof ApiError)) throw err;
    const data = (err.body && typeof err.body === "object" ? err.body : {}) as T & { message?: string };
    return { ok: false, status: err.status, data };
  }
}

type ToolResult = { success?: boolean; error?: string };

/**
 * Posts to a test tool and toasts the outcome: the success toast, the
 * server's error, or a network error. Returns what to show under the form.
 */
async function runTool<T extends ToolResult>(url: string, body: unknown, success: (data: T) => { title: string; description: string }, networkError: string): Promise<T | null> {
  try {
    const r = await postTest<T>(url, body);
    if (r.ok && r.data.success) {
      toast(success(r.data));
      return r.data;
    }
    const error = r.data.error ?? r.data.message ?? `Request failed (${r.status})`;
    toast({ title: "Error", description: error, variant: "destructive" });
    return { success: false, error } as T;
  } catch {
    toast({ title: "Error", description: networkError, variant: "destructive" });
    return null;
  }
}

const SESSIONS_HINT = "Sessions must be a whole number of at least 1";
const SESSIONS_MAX = "Sessions must be at most 10,000";

/**
 * The server's meter-usage schema for the form: the customer is required here
 * ('Missing Customer ID'), sessions come from a text input (empty means 3).
 */
const meterUsageFormSchema = meterUsageSchema.extend({
  customerId: z.string().trim().min(1, { message: "Missing Customer ID" }),
  sessions: z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : Number(v)), meterUsageSchema.shape.sessions),
});

/** The toast for a sessions problem: the upper limit as the server says it, else the form's hint. */
function sessionsMessage(message: string | undefined): string {
  return message === SESSIONS_MAX ? SESSIONS_MAX : SESSIONS_HINT;
}

/** Admin dashboard "Test" tab: create a test subscription and charge test meter usage (sessions default 3). */
export function TestTab(): React.JSX.Element {
  const defaults = useQuery<TestToolDefaults | null>({
    queryKey: ["/api/test/defaults"],
    queryFn: async () => {
      try {
        return await api.get<TestToolDefaults>("/api/test/defaults");
      } catch (err) {
        if (hasStatus(err, 404)) return null;
        throw err;
      }
    },
  });
  if (defaults.isLoading) return <p className="text-sm text-slate-700">Loading test tools...</p>;
  if (defaults.data === null) {
    return <SectionCard title="Test tools" description="Test tools are turned off. Set ENABLE_TEST_TOOLS=true on the server to use them." />;
  }
  const d = defaults.data ?? { customerId: "", testPriceId: "", meterPriceId: "" };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreateTestSubscription defaults={d} />
      <ChargeMeterUsage defaults={d} />
    </div>
  );
}

/**
 * A test tool's card: its form, the submit button (named after the tool,
 * `busy` its label while the request runs) and, once answered, what came
 * back: `done` on success, else the error.
 */
function ToolCard({
  title,
  description,
  busy,
  result,
  done,
  children,
  ...form
}: React.ComponentProps<"form"> & { title: string; description: string; busy: string | null; result: ToolResult | null; done: string }) {
  return (
    <SectionCard title={title} description={description}>
      <form className="space-y-4" {...form}>
        {children}
        <Button type="submit" disabled={busy !== null}>
          {busy ?? title}
        </Button>
        {result ? (
          <p role="status" className={result.success ? "text-sm text-green-800" : "text-sm text-red-800"}>
            {result.success ? done : result.error}
          </p>
        ) : null}
      </form>
    </SectionCard>
  );
}

function CreateTestSubscription({ defaults }: { defaults: TestToolDefaults }) {
  // The server's schema (both fields optional, trimmed) validates the form too.
  const form = useForm<z.input<typeof createTestSubscriptionSchema>, unknown, z.output<typeof createTestSubscriptionSchema>>({
    resolver: zodResolver(createTestSubscriptionSchema),
    defaultValues: { customerId: defaults.customerId, testPriceId: defaults.testPriceId },
  });
  const [result, setResult] = React.useState<CreateTestSubscriptionResponse | null>(null);

  const onValid = async ({ testPriceId, customerId }: z.output<typeof createTestSubscriptionSchema>) => {
    setResult(null);
    const created = await runTool<CreateTestSubscriptionResponse>(
      "/api/test/create-subscription",
      { testPriceId, customerId },
      (d) => ({ title: "Test subscription created", description: `Subscription ${d.subscription?.id} for ${d.customer?.id}` }),
      "Network error creating test subscription",
    );
    setResult(created);
  };

  return (
    <ToolCard
      title="Create Test Subscription"
      description="Creates a subscription on a plan price for a test customer."
      onSubmit={form.handleSubmit(onValid)}
      busy={form.formState.isSubmitting ? "Creating..." : null}
      result={result}
      done={`Created subscription ${result?.subscription?.id} for customer ${result?.customer?.id}.`}
    >
      <InputField id="test-sub-customer" label="Customer ID" placeholder="cus_..." {...form.register("customerId")} />
      <InputField id="test-sub-price" label="Test price ID" placeholder="price_..." {...form.register("testPriceId")} />
    </ToolCard>
  );
}

function ChargeMeterUsage({ defaults }: { defaults: TestToolDefaults }) {
  const form = useForm<z.input<typeof meterUsageFormSchema>, unknown, z.output<typeof meterUsageFormSchema>>({
    resolver: zodResolver(meterUsageFormSchema),
    defaultValues: { customerId: defaults.customerId, meterPriceId: defaults.meterPriceId, sessions: "3" },
  });
  const [result, setResult] = React.useState<MeterUsageResponse | null>(null);

  // The first problem, as a toast (customer first, as before).
  const onInvalid = (errors: FieldErrors<z.input<typeof meterUsageFormSchema>>) => {
    const message = errors.customerId?.message ?? sessionsMessage(errors.sessions?.message);
    toast({ title: "Error", description: message, variant: "destructive" });
  };

  const onValid = async ({ customerId, meterPriceId, sessions: n }: z.output<typeof meterUsageFormSchema>) => {
    setResult(null);
    const charged = await runTool<MeterUsageResponse>(
      "/api/test/meter-usage",
      { customerId, meterPriceId, sessions: n },
      (d) => ({ title: "Meter usage charged", description: `Invoice ${d.meterUsage?.invoice_id}` }),
      "Network error charging meter usage",
    );
    setResult(charged);
  };

  return (
    <ToolCard
      title="Charge Meter Usage"
      description="Reports sessions on a metered price and bills them on an invoice."
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      noValidate
      busy={form.formState.isSubmitting ? "Charging..." : null}
      result={result}
      done={`Invoice ${result?.meterUsage?.invoice_id}: ${formatCents(result?.meterUsage?.total_amount_charged ?? 0)} charged.`}
    >
      <InputField id="test-meter-customer" label="Customer ID" placeholder="cus_..." {...form.register("customerId")} />
      <InputField id="test-meter-price" label="Meter price ID" placeholder="price_..." {...form.register("meterPriceId")} />
      <InputField id="test-meter-sessions" label="Sessions" type="number" min={1} step={1} {...form.register("sessions")} />
    </ToolCard>
  );
}
