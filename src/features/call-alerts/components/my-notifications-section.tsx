"use client";
import type { ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { showApiError } from "@/lib/api-error-toast";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Label } from "@/lib/ui/input";
import { Switch } from "@/lib/ui/switch";
import { toast } from "@/lib/ui/toaster";
import { CHANNEL_LABELS, CONDITION_LABELS, type PreferencesBody } from "../rule.schema";
import { PREFERENCES_KEY, PREFERENCES_URL, type PreferencesView } from "./notifications-api";
import { QuerySection } from "./query-section";

/** A switch with its label and description in a row; the switch is named by the label. */
function SwitchRow({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <Label htmlFor={id} className="block break-words">
          {label}
        </Label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-description`} className="mt-0.5" />
    </div>
  );
}

/** The view with a change applied (what the page shows while it is saved). */
function applied(view: PreferencesView, change: PreferencesBody): PreferencesView {
  return {
    rules: view.rules.map((r) => (r.id in change.rules ? { ...r, receiving: change.rules[r.id]! } : r)),
    dailySummary: change.dailySummary ?? view.dailySummary,
    dailySummaryWhenQuiet: change.dailySummaryWhenQuiet ?? view.dailySummaryWhenQuiet,
  };
}

/**
 * "Your notifications" (every member who reads calls): which of the rules
 * naming them reach them, and the daily summary. Each switch saves at once
 * (PUT /api/account/notification-preferences): "Preferences saved".
 */
export function MyNotificationsSection({ canManageRules, timeZoneLabel }: { canManageRules: boolean; timeZoneLabel: string }) {
  const queryClient = useQueryClient();
  const prefs = useQuery<PreferencesView>({ queryKey: PREFERENCES_KEY, meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/account/notifications" } } });
  const save = useMutation({
    mutationFn: (change: PreferencesBody) => api.put<PreferencesView>(PREFERENCES_URL, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<PreferencesView>(PREFERENCES_KEY);
      if (before) queryClient.setQueryData(PREFERENCES_KEY, applied(before, change));
      return { before };
    },
    onSuccess: (view) => {
      queryClient.setQueryData(PREFERENCES_KEY, view);
      toast({ title: "Preferences saved" });
    },
    onError: (error, _change, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
      showApiError(error, "Your preferences could not be saved. Try again.");
    },
  });

  return (
    <QuerySection
      titleId="my-notifications-title"
      title="Your notifications"
      description={<>What reaches you at your login&apos;s e-mail address. Changes are saved at once.</>}
      query={prefs}
      loading="Loading your notifications"
      failed="Your notifications could not be loaded. Reload the page to try again."
    >
      {(view) => (
        <div className="space-y-6">
          <div>
            <h3 className="text-base font-semibold">Rules that name you</h3>
            {view.rules.length ? (
              <div className="divide-y divide-slate-200">
                {view.rules.map((r) => (
                  <SwitchRow
                    key={r.id}
                    id={`my-rule-${r.id}`}
                    label={r.name}
                    description={`${CHANNEL_LABELS[r.channel]} · ${CONDITION_LABELS[r.condition]}${r.enabled ? "" : " · The rule is turned off for everyone at the moment"}`}
                    checked={r.receiving}
                    onChange={(on) => save.mutate({ rules: { [r.id]: on } })}
                  />
                ))}
              </div>
            ) : (
              <p className="mt-1 text-sm text-slate-700">
                {canManageRules
                  ? "No rule names you yet. Add yourself to a rule above to be told about calls as they happen."
                  : "No rule names you yet. The account's owners and managers choose who each rule reaches."}
              </p>
            )}
          </div>
          <div>
            <h3 className="text-base font-semibold">Daily summary</h3>
            <div className="divide-y divide-slate-200">
              <SwitchRow
                id="my-daily-summary"
                label="Daily summary"
                description={`An e-mail at 08:00 (${timeZoneLabel}) about yesterday: calls by outcome, missed calls to return, appointments booked and units used this month.`}
                checked={view.dailySummary}
                onChange={(on) => save.mutate({ rules: {}, dailySummary: on })}
              />
              <SwitchRow
                id="my-daily-summary-quiet"
                label="Send the daily summary on days without calls"
                description="Otherwise a day without calls, messages or bookings sends nothing."
                checked={view.dailySummaryWhenQuiet}
                disabled={!view.dailySummary}
                onChange={(on) => save.mutate({ rules: {}, dailySummaryWhenQuiet: on })}
              />
            </div>
          </div>
        </div>
      )}
    </QuerySection>
  );
}
