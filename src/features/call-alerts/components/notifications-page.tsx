import Link from "next/link";
import { ArrowLeft } from "lucide-react";
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
        <Link
          href="/account"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Account
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-slate-900">Notifications</h1>
        <p className="mt-1 text-slate-700">{`Who at ${accountName} is told about calls, how and when, and what reaches you.`}</p>
      </header>
      {canManageRules ? <RulesSection timeZoneLabel={timeZoneLabel} /> : null}
      <MyNotificationsSection canManageRules={canManageRules} timeZoneLabel={timeZoneLabel} />
    </section>
  );
}
