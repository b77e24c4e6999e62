"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import { MAX_RULES } from "../rule.schema";
import { RULES_KEY, type RulesResponse } from "./notifications-api";
import { RuleCard } from "./rule-card";
import { RuleForm } from "./rule-form";
import { QuerySection } from "./query-section";

const ADD_BUTTON_ID = "add-notification-rule";

/** Moves focus to an element once React has rendered it. */
function focusSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

/**
 * "Notification rules" (owners and managers, integrations.manage): the
 * account's rules with their Enabled switch, Edit and Delete, and the editor
 * ("Add rule"). One form is open at a time, under the rule it edits or at the
 * end of the list.
 */
export function RulesSection({ timeZoneLabel }: { timeZoneLabel: string }) {
  const rules = useQuery<RulesResponse>({ queryKey: RULES_KEY, meta: { unauthorized: { ...LOGGED_OUT, returnTo: "/account/notifications" } } });
  const [editing, setEditing] = useState<string | null>(null);
  const close = (focusId: string) => {
    setEditing(null);
    focusSoon(focusId);
  };

  return (
    <QuerySection
      titleId="notification-rules-title"
      title="Notification rules"
      description="Who is told about each call, by e-mail or SMS, and when. Each rule covers some or all of your AI employees."
      query={rules}
      loading="Loading the rules"
      failed="The rules could not be loaded. Reload the page to try again."
    >
      {({ items, members, aiEmployees }) => {
        const form = (rule: RulesResponse["items"][number] | null, focusId: string) => (
          <RuleForm rule={rule} members={members} aiEmployees={aiEmployees} timeZoneLabel={timeZoneLabel} onDone={() => close(focusId)} />
        );
        return (
          <div className="space-y-4">
            {items.length ? (
              <ul className="space-y-4">
                {items.map((rule) => (
                  <li key={rule.id} className="space-y-3">
                    <RuleCard rule={rule} members={members} aiEmployees={aiEmployees} onEdit={() => setEditing(rule.id)} onDeleted={() => focusSoon(ADD_BUTTON_ID)} />
                    {editing === rule.id ? form(rule, `rule-${rule.id}-edit`) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No rules yet: nobody is told about calls as they happen. Add one, e.g. missed calls by e-mail to the front desk.</p>
            )}
            {editing === "new" ? (
              form(null, ADD_BUTTON_ID)
            ) : items.length >= MAX_RULES ? (
              <p className="text-sm text-slate-700">{`An account can have at most ${MAX_RULES} rules. Delete one to add another.`}</p>
            ) : (
              <Button id={ADD_BUTTON_ID} type="button" onClick={() => setEditing("new")}>
                <Plus aria-hidden />
                Add rule
              </Button>
            )}
          </div>
        );
      }}
    </QuerySection>
  );
}
