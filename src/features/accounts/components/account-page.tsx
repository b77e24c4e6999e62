import Link from "next/link";
import { SectionCard } from "@/lib/ui/card";
import { AuditLogTable, type AuditRow } from "./audit-log-table";
import { BusinessDetailsForm, type BusinessDetails } from "./business-details-form";
import { InviteForm } from "./invite-form";
import { MembersTable } from "./members-table";
import { PendingInvitations } from "./pending-invitations";
import type { InvitationView, MemberView, Viewer } from "./members-model";

export type AccountPageProps = {
  account: BusinessDetails & { id: string };
  /** canReadCalls: the Notifications link (issue 25); canManageIntegrations: the Webhooks link. */
  viewer: Viewer & { canEditDetails: boolean; canReadCalls?: boolean; canManageIntegrations?: boolean };
  members: MemberView[];
  invitations: InvitationView[];
  timeZones: string[];
  /** The audit log's page, for members with members.manage; null for the others. */
  audit: { entries: AuditRow[]; newerHref: string | null; olderHref: string | null } | null;
  /** "Delete business account" for members holding account.delete (the page passes the account-care form); null for the others. */
  deleteAccount?: React.ReactNode;
};

/**
 * /account (issue 22): Members for every member (changes with
 * members.manage), Business details (editable with settings.edit) and the
 * Audit log (members.manage). What a role may not do is not shown; the
 * server refuses it anyway.
 */
export function AccountPage({ account, viewer, members, invitations, timeZones, audit, deleteAccount = null }: AccountPageProps) {
  return (
    <section className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Account</h1>
        <p className="mt-1 text-slate-700">The people in {account.name}, its business details and who did what.</p>
        {viewer.canManageIntegrations || viewer.canReadCalls ? (
          <nav aria-label="Account settings" className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {viewer.canReadCalls ? (
              <Link href="/account/notifications" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Notifications
              </Link>
            ) : null}
            {viewer.canManageIntegrations ? (
              <Link href="/account/webhooks" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                Webhooks
              </Link>
            ) : null}
          </nav>
        ) : null}
      </header>

      <SectionCard
        title="Members"
        description={viewer.canManage ? "Invite people, change their roles or remove them. There is always at least one owner." : "The people who work in this account."}
        contentClassName="space-y-8"
      >
        <MembersTable accountId={account.id} accountName={account.name} members={members} viewer={viewer} />
        {viewer.canManage ? (
          <>
            <InviteForm accountId={account.id} viewer={viewer} />
            <PendingInvitations accountId={account.id} invitations={invitations} />
          </>
        ) : null}
      </SectionCard>

      <SectionCard title="Business details" description={viewer.canEditDetails ? null : "Your role lets you see these, not change them."}>
        {viewer.canEditDetails ? (
          <BusinessDetailsForm accountId={account.id} details={account} timeZones={timeZones} />
        ) : (
          <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-slate-800">Business name</dt>
            <dd className="break-words">{account.name}</dd>
            <dt className="font-medium text-slate-800">Billing e-mail</dt>
            <dd className="break-all">{account.billingEmail || "The owners' addresses"}</dd>
            <dt className="font-medium text-slate-800">Time zone</dt>
            <dd>{account.timeZone.replaceAll("_", " ")}</dd>
          </dl>
        )}
      </SectionCard>

      {audit ? (
        <SectionCard id="audit-log" className="scroll-mt-20" title="Audit log" description="Who did what and when in this account.">
          <AuditLogTable entries={audit.entries} timeZone={account.timeZone} newerHref={audit.newerHref} olderHref={audit.olderHref} />
        </SectionCard>
      ) : null}

      {deleteAccount ? (
        <SectionCard
          id="delete-account"
          className="border-red-200"
          title="Delete business account"
          description={<>Ends every member&apos;s access, cancels the subscriptions and anonymises the calls. Invoices are kept.</>}
        >
          {deleteAccount}
        </SectionCard>
      ) : null}
    </section>
  );
}
