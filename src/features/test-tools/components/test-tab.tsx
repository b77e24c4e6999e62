"use client";

import * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";

/** Admin dashboard "Test" tab: test subscription and meter usage tools. */
export function TestTab(): React.JSX.Element {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Test tools</CardTitle>
        <CardDescription>Create test subscriptions and charge test meter usage.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-slate-600">Test tools are loading…</p>
      </CardContent>
    </Card>
  );
}
