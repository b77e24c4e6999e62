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

/** A way on from the page; `api` links go to a route handler, so they are plain anchors. */
type Action = { href: string; label: string; primary?: boolean; api?: boolean };

const toDashboard: Action = { href: "/dashboard", label: "Go to the dashboard", primary: true };

function Frame({ title, text, actions = [], children }: { title: string; text?: React.ReactNode; actions?: Action[]; children?: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="invitation-page">
      <p className="text-sm font-semibold text-brand-700">Invitation</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      {text ? <p className="mt-4 text-slate-700">{text}</p> : null}
      {children}
      {actions.length > 0 ? (
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {actions.map(({ href, label, primary: isPrimary, api }) =>
            api ? (
              <a key={label} href={href} className={isPrimary ? primary : secondary}>
                {label}
              </a>
            ) : (
              <Link key={label} href={href} className={isPrimary ? primary : secondary}>
                {label}
              </Link>
            ),
          )}
        </div>
      ) : null}
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

/** The page /invitations/[id] shows for each state (invitation-page.server.ts chooses it). */
export function InvitationView({ state }: { state: InvitationPageState }) {
  switch (state.kind) {
    case "not-found":
      return (
        <Frame
          title="This invitation does not exist."
          text="Check that the link is complete, or ask the person who invited you to send a new invitation."
          actions={[{ href: "/", label: "Back to home" }]}
        />
      );
    case "gone":
      return <Frame title="This business account no longer exists." text="The account was deleted, so its invitations no longer work." />;
    case "expired":
      return (
        <Frame
          title="This invitation has expired."
          text={`Invitations work for 7 days. Ask an owner or manager of ${state.invitation.accountName} (${state.invitation.inviterName} invited you) to send you a new one.`}
        />
      );
    case "used":
      return (
        <Frame
          title="This invitation was already used."
          text={`Each invitation link works once. If you accepted it, you are already a member of ${state.invitation.accountName}.`}
          actions={[toDashboard]}
        />
      );
    case "cancelled":
      return (
        <Frame title="This invitation was cancelled." text={`${state.invitation.accountName} withdrew it. If you expected to join, ask an owner or manager of the account to invite you again.`} />
      );
    case "declined":
      return <Frame title="This invitation was declined." text={`It was turned down, so it can no longer be used. To join ${state.invitation.accountName} after all, ask for a new invitation.`} />;
    case "sign-in": {
      const links = invitationLinks(state.invitation.id);
      return (
        <Frame
          title={`Join ${state.invitation.accountName}`}
          actions={[
            { href: links.signIn, label: "Sign in", primary: true, api: true },
            { href: links.createLogin, label: "Create a login" },
          ]}
        >
          <Offer invitation={state.invitation} />
          <p className="mt-3 text-slate-700">Sign in, or create a login, with the address this invitation was sent to ({state.invitation.maskedEmail}). You come back here to accept it.</p>
        </Frame>
      );
    }
    case "wrong-user":
      return (
        <Frame
          title="This invitation is for someone else"
          text={`This invitation is for ${state.invitation.maskedEmail}. You are signed in as ${state.signedInAs}.`}
          actions={[
            { href: "/api/logout", label: "Sign out", primary: true, api: true },
            { ...toDashboard, primary: false },
          ]}
        >
          <p className="mt-3 text-slate-700">Sign out, then open the link in the invitation e-mail again and sign in with the address it was sent to.</p>
        </Frame>
      );
    case "already-member":
      return (
        <Frame
          title={`You are already a member of ${state.invitation.accountName}`}
          text="There is nothing to accept. Switch to the account from the menu at the top of the page."
          actions={[toDashboard]}
        />
      );
    case "ready":
      return (
        <Frame title={`Join ${state.invitation.accountName}`}>
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
