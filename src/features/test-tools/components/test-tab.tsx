"use client";

import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import { formatCents } from "@/features/plans/catalogue";
import type { CreateTestSubscriptionResponse, MeterUsageResponse, TestToolDefaults } from "../test-tools.schema";

async function postTest<T>(url: string, body: unknown): Promise<{ ok: boolean; status: number; data: T & { message?: string } }> {
  const res = await fetch(url, { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T & { message?: string };
  return { ok: res.ok, status: res.status, data };
}

/** Admin dashboard "Test" tab: create a test subscription and charge test meter usage (sessions default 3). */
export function TestTab(): React.JSX.Element {
  const defaults = useQuery<TestToolDefaults | null>({
    queryKey: ["/api/test/defaults"],
    queryFn: async () => {
      const res = await fetch("/api/test/defaults", { credentials: "include" });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
      return (await res.json()) as TestToolDefaults;
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
  const [customerId, setCustomerId] = React.useState(defaults.customerId);
  const [testPriceId, setTestPriceId] = React.useState(defaults.testPriceId);
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<CreateTestSubscriptionResponse | null>(null);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const r = await postTest<CreateTestSubscriptionResponse>("/api/test/create-subscription", { testPriceId, customerId });
      const error = r.data.error ?? r.data.message;
      if (r.ok && r.data.success) {
        setResult(r.data);
        toast({ title: "Test subscription created", description: `Subscription ${r.data.subscription?.id} for ${r.data.customer?.id}` });
      } else {
        setResult({ success: false, error: error ?? `Request failed (${r.status})` });
        toast({ title: "Error", description: error ?? `Request failed (${r.status})`, variant: "destructive" });
      }
    } catch {
      toast({ title: "Error", description: "Network error creating test subscription", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create Test Subscription</CardTitle>
        <CardDescription>Creates a subscription on a plan price for a test customer.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="test-sub-customer">Customer ID</Label>
            <Input id="test-sub-customer" value={customerId} onChange={(e) => setCustomerId(e.target.value)} placeholder="cus_..." />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-sub-price">Test price ID</Label>
            <Input id="test-sub-price" value={testPriceId} onChange={(e) => setTestPriceId(e.target.value)} placeholder="price_..." />
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
  const [customerId, setCustomerId] = React.useState(defaults.customerId);
  const [meterPriceId, setMeterPriceId] = React.useState(defaults.meterPriceId);
  const [sessions, setSessions] = React.useState("3");
  const [busy, setBusy] = React.useState(false);
  const [result, setResult] = React.useState<MeterUsageResponse | null>(null);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!customerId.trim()) {
      toast({ title: "Error", description: "Missing Customer ID", variant: "destructive" });
      return;
    }
    const n = Number(sessions || "3");
    if (!Number.isInteger(n) || n < 1) {
      toast({ title: "Error", description: "Sessions must be a whole number of at least 1", variant: "destructive" });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const r = await postTest<MeterUsageResponse>("/api/test/meter-usage", { customerId: customerId.trim(), meterPriceId, sessions: n });
      const error = r.data.error ?? r.data.message;
      if (r.ok && r.data.success) {
        setResult(r.data);
        toast({ title: "Meter usage charged", description: `Invoice ${r.data.meterUsage?.invoice_id}` });
      } else {
        setResult({ success: false, error: error ?? `Request failed (${r.status})` });
        toast({ title: "Error", description: error ?? `Request failed (${r.status})`, variant: "destructive" });
      }
    } catch {
      toast({ title: "Error", description: "Network error charging meter usage", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Charge Meter Usage</CardTitle>
        <CardDescription>Reports sessions on a metered price and bills them on an invoice.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-customer">Customer ID</Label>
            <Input id="test-meter-customer" value={customerId} onChange={(e) => setCustomerId(e.target.value)} placeholder="cus_..." />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-price">Meter price ID</Label>
            <Input id="test-meter-price" value={meterPriceId} onChange={(e) => setMeterPriceId(e.target.value)} placeholder="price_..." />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="test-meter-sessions">Sessions</Label>
            <Input id="test-meter-sessions" type="number" min={1} step={1} value={sessions} onChange={(e) => setSessions(e.target.value)} />
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
