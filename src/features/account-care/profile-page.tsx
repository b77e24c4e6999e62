import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { DeleteAccountSection } from "./delete-account-section";
import { DeleteLoginSection } from "./delete-login-section";
import { EmailForm } from "./email-form";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";
import type { ProfileData } from "./profile-data.server";

export type ProfileUser = { firstName: string | null; lastName: string | null; email: string; emailVerified: boolean };
export type PasswordRules = { hint: string; minLength: number; maxLength: number; maxNameLength: number };
export type ProfileNotices = { email: { ok: boolean; text: string } | null; accountDeleted: boolean };

function Section({ id, title, description, children, danger = false }: { id: string; title: string; description?: string; children: ReactNode; danger?: boolean }) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className={danger ? "border-red-200" : undefined}>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`}>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /profile: account care for every signed-in user (issue 22, ADR 0109). */
export function ProfilePage({ user, data, rules, notices }: { user: ProfileUser; data: ProfileData; rules: PasswordRules; notices: ProfileNotices }) {
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-slate-700">Your name, password, e-mail address and where you are signed in.</p>
      </div>
      {notices.accountDeleted ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          The business account is deleted. Its members no longer have access.
        </p>
      ) : null}
      <Section id="profile-name" title="Your name">
        <NameForm firstName={user.firstName ?? ""} lastName={user.lastName ?? ""} email={user.email} maxLength={rules.maxNameLength} />
      </Section>
      <Section id="profile-password" title="Password">
        {data.hasPassword ? (
          <PasswordForm hint={rules.hint} minLength={rules.minLength} maxLength={rules.maxLength} />
        ) : (
          <p className="text-sm text-slate-700">You sign in through your organisation&apos;s sign-in service, so there is no password to change here.</p>
        )}
      </Section>
      <Section id="profile-email" title="E-mail address" description="We send a link to the new address; your login keeps the current one until you follow it.">
        <EmailForm email={user.email} verified={user.emailVerified} initialOutcome={notices.email} />
      </Section>
      <Section id="profile-sessions" title="Sessions" description="Where your login is signed in.">
        <SessionsList sessions={data.sessions} timeZone={data.timeZone} />
      </Section>
      <Section id="profile-delete-login" title="Delete my login" danger>
        <DeleteLoginSection refusal={data.deletion.refusal} soleAccounts={data.deletion.soleAccounts} hasPassword={data.hasPassword} />
      </Section>
      {data.deletableAccount ? (
        <Section id="profile-business-account" title="Business account" danger>
          <DeleteAccountSection accountName={data.deletableAccount.name} />
        </Section>
      ) : null}
    </section>
  );
}
