"use client";

import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { Switch } from "@/lib/ui/switch";
import { toast } from "@/lib/ui/toaster";
import { apiPath, api } from "@/lib/api-client";
import { showAdminError } from "@/features/usage/components/admin-client";

/** 'Bill extra units automatically at the end of each usage month' (issue 13), for one subscription. */
export function AutoBillSwitch({ subscriptionId, initial }: { subscriptionId: string; initial: boolean }) {
  const id = React.useId();
  const [on, setOn] = React.useState(initial);
  const save = useMutation({
    mutationFn: (enabled: boolean) => api.put<{ autoBillOverage: boolean }>(apiPath`/api/admin/subscriptions/${subscriptionId}/auto-bill-overage`, { enabled }),
    onSuccess: (r) => {
      setOn(r.autoBillOverage);
      toast({
        title: r.autoBillOverage ? "Automatic overage billing on" : "Automatic overage billing off",
        description: r.autoBillOverage ? "Extra units go on the next invoice at the end of each usage month." : "Overage is billed only when an admin bills it.",
      });
    },
    onError: (err) => showAdminError(err, "Failed to change automatic billing"),
  });
  return (
    <div className="flex items-center gap-3">
      <Switch id={id} checked={on} disabled={save.isPending} onCheckedChange={(v) => save.mutate(v)} />
      <label htmlFor={id} className="text-sm text-slate-800">
        Bill extra units automatically at the end of each usage month
      </label>
    </div>
  );
}
