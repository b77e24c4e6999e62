import { BackLink } from "@/lib/ui/back-link";
import { MyNotificationsSection } from "./my-notifications-section";
import { RulesSection } from "./rules-section";

/**
 * /account/notifications (issue 25): the account's notification rules for
 * members who manage integrations (the server decides, and the API refuses
 * the others anyway), then every member's own notifications.
 */
export function NotificationsPage({ accountName, canManageRules, timeZoneLabel }: { accountName: string; canManageRules: boolean; timeZoneLabel: string }) {
  return (
    <section className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <BackLink href="/account">Account</BackLink>
        <h1 className="mt-3 text-3xl font-bold text-slate-900">Notifications</h1>
        <p className="mt-1 text-slate-700">{`Who at ${accountName} is told about calls, how and when, and what reaches you.`}</p>
      </header>
      {canManageRules ? <RulesSection timeZoneLabel={timeZoneLabel} /> : null}
      <MyNotificationsSection canManageRules={canManageRules} timeZoneLabel={timeZoneLabel} />
    </section>
  );
}
