"use client";

import * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";

/** Admin dashboard "Subscriptions" tab. Minimal shell; the full list and overage panel follow. */
export function SubscriptionsTab(): React.JSX.Element {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Subscriptions</CardTitle>
        <CardDescription>Customer subscriptions mirrored from the payment provider.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-600">Loading subscriptions…</p>
      </CardContent>
    </Card>
  );
}
