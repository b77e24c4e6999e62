import Link from "next/link";
import type { InvitationPageState, InvitationSummary } from "../invitation-page.server";
import { InvitationActions } from "./invitation-actions";

const primary = "rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800";
const secondary = "rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50";

/** Where "Sign in" and "Create a login" lead: the sign-in page, back to this invitation afterwards. */
export function invitationLinks(invitationId: string): { signIn: string; createLogin: string } {
  const returnTo = `/invitations/${encodeURIComponent(invitationId)}`;
  return {
    signIn: `/api/login?${new URLSearchParams({ returnTo })}`,
    createLogin: `/login?${new URLSearchParams({ returnTo, mode: "sign-up" })}`,
  };
}

function Frame({ eyebrow, title, children }: { eyebrow: string; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="invitation-page">
      <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

function Offer({ invitation }: { invitation: InvitationSummary }) {
  return (
    <p className="mt-4 text-slate-700">
      {invitation.inviterName} invited you to join <strong>{invitation.accountName}</strong> as <strong>{invitation.roleLabel}</strong>
      {invitation.roleDescription ? ` (${lowerFirst(invitation.roleDescription.replace(/\.$/, ""))})` : ""}.
    </p>
  );
}

function Links({ children }: { children: React.ReactNode }) {
  return <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">{children}</div>;
}

/** The page /invitations/[id] shows for each state (invitation-page.server.ts chooses it). */
export function InvitationView({ state }: { state: InvitationPageState }) {
  switch (state.kind) {
    case "not-found":
      return (
        <Frame eyebrow="Invitation" title="This invitation does not exist.">
          <p className="mt-4 text-slate-700">Check that the link is complete, or ask the person who invited you to send a new invitation.</p>
          <Links>
            <Link href="/" className={secondary}>
              Back to home
            </Link>
          </Links>
        </Frame>
      );
    case "gone":
      return (
        <Frame eyebrow="Invitation" title="This business account no longer exists.">
          <p className="mt-4 text-slate-700">The account was deleted, so its invitations no longer work.</p>
        </Frame>
      );
    case "expired":
      return (
        <Frame eyebrow="Invitation" title="This invitation has expired.">
          <p className="mt-4 text-slate-700">
            Invitations work for 7 days. Ask an owner or manager of {state.invitation.accountName} ({state.invitation.inviterName} invited you) to send you a new one.
          </p>
        </Frame>
      );
    case "used":
      return (
        <Frame eyebrow="Invitation" title="This invitation was already used.">
          <p className="mt-4 text-slate-700">Each invitation link works once. If you accepted it, you are already a member of {state.invitation.accountName}.</p>
          <Links>
            <Link href="/dashboard" className={primary}>
              Go to the dashboard
            </Link>
          </Links>
        </Frame>
      );
    case "cancelled":
      return (
        <Frame eyebrow="Invitation" title="This invitation was cancelled.">
          <p className="mt-4 text-slate-700">{state.invitation.accountName} withdrew it. If you expected to join, ask an owner or manager of the account to invite you again.</p>
        </Frame>
      );
    case "declined":
      return (
        <Frame eyebrow="Invitation" title="This invitation was declined.">
          <p className="mt-4 text-slate-700">It was turned down, so it can no longer be used. To join {state.invitation.accountName} after all, ask for a new invitation.</p>
        </Frame>
      );
    case "sign-in": {
      const links = invitationLinks(state.invitation.id);
      return (
        <Frame eyebrow="Invitation" title={`Join ${state.invitation.accountName}`}>
          <Offer invitation={state.invitation} />
          <p className="mt-3 text-slate-700">
            Sign in, or create a login, with the address this invitation was sent to ({state.invitation.maskedEmail}). You come back here to accept it.
          </p>
          <Links>
            <a href={links.signIn} className={primary}>
              Sign in
            </a>
            <Link href={links.createLogin} className={secondary}>
              Create a login
            </Link>
          </Links>
        </Frame>
      );
    }
    case "wrong-user":
      return (
        <Frame eyebrow="Invitation" title="This invitation is for someone else">
          <p className="mt-4 text-slate-700">
            This invitation is for {state.invitation.maskedEmail}. You are signed in as {state.signedInAs}.
          </p>
          <p className="mt-3 text-slate-700">Sign out, then open the link in the invitation e-mail again and sign in with the address it was sent to.</p>
          <Links>
            <a href="/api/logout" className={primary}>
              Sign out
            </a>
            <Link href="/dashboard" className={secondary}>
              Go to the dashboard
            </Link>
          </Links>
        </Frame>
      );
    case "already-member":
      return (
        <Frame eyebrow="Invitation" title={`You are already a member of ${state.invitation.accountName}`}>
          <p className="mt-4 text-slate-700">There is nothing to accept. Switch to the account from the menu at the top of the page.</p>
          <Links>
            <Link href="/dashboard" className={primary}>
              Go to the dashboard
            </Link>
          </Links>
        </Frame>
      );
    case "ready":
      return (
        <Frame eyebrow="Invitation" title={`Join ${state.invitation.accountName}`}>
          <Offer invitation={state.invitation} />
          <InvitationActions invitationId={state.invitation.id} organizationId={state.invitation.organizationId} accountName={state.invitation.accountName} />
        </Frame>
      );
  }
}

/** "Calls, the dashboard … the AI employee" → "calls, the dashboard … the AI employee": only the first letter, so names keep their capitals. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
