"use client";

import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/zod";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
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
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">Test tools</CardTitle>
          <CardDescription>Test tools are turned off. Set ENABLE_TEST_TOOLS=true on the server to use them.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const d = defaults.data ?? { customerId: "", testPriceId: "", meterPriceId: "" };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreateTestSubscription defaults={d} />
      <ChargeMeterUsage defaults={d} />
    </div>
  );
}

function CreateTestSubscription({ defaults }: { defaults: TestToolDefaults }) {
  // The server's schema (both fields optional, trimmed) validates the form too.
  const form = useForm<z.input<typeof createTestSubscriptionSchema>, unknown, z.output<typeof createTestSubscriptionSchema>>({
    resolver: zodResolver(createTestSubscriptionSchema),
    defaultValues: { customerId: defaults.customerId, testPriceId: defaults.testPriceId },
  });
  const busy = form.formState.isSubmitting;
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
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create Test Subscription</CardTitle>
        <CardDescription>Creates a subscription on a plan price for a test customer.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid)} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="test-sub-customer">Customer ID</Label>
            <Input id="test-sub-customer" placeholder="cus_..." {...form.register("customerId")} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-sub-price">Test price ID</Label>
            <Input id="test-sub-price" placeholder="price_..." {...form.register("testPriceId")} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Test Subscription"}
          </Button>
          {result ? (
            <p role="status" className={result.success ? "text-sm text-green-800" : "text-sm text-red-800"}>
              {result.success ? `Created subscription ${result.subscription?.id} for customer ${result.customer?.id}.` : result.error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function ChargeMeterUsage({ defaults }: { defaults: TestToolDefaults }) {
  const form = useForm<z.input<typeof meterUsageFormSchema>, unknown, z.output<typeof meterUsageFormSchema>>({
    resolver: zodResolver(meterUsageFormSchema),
    defaultValues: { customerId: defaults.customerId, meterPriceId: defaults.meterPriceId, sessions: "3" },
  });
  const busy = form.formState.isSubmitting;
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
    <Card>
      <CardHeader>
        <CardTitle as="h2">Charge Meter Usage</CardTitle>
        <CardDescription>Reports sessions on a metered price and bills them on an invoice.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-customer">Customer ID</Label>
            <Input id="test-meter-customer" placeholder="cus_..." {...form.register("customerId")} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-price">Meter price ID</Label>
            <Input id="test-meter-price" placeholder="price_..." {...form.register("meterPriceId")} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-sessions">Sessions</Label>
            <Input id="test-meter-sessions" type="number" min={1} step={1} {...form.register("sessions")} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Charging..." : "Charge Meter Usage"}
          </Button>
          {result ? (
            <p role="status" className={result.success ? "text-sm text-green-800" : "text-sm text-red-800"}>
              {result.success
                ? `Invoice ${result.meterUsage?.invoice_id}: ${formatCents(result.meterUsage?.total_amount_charged ?? 0)} charged.`
                : result.error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
