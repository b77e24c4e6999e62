import Link from "next/link";
import type { UnsubscribeState } from "../unsubscribe.server";
import { UNSUBSCRIBED, UNSUBSCRIBE_LINK_INVALID } from "../unsubscribe-text";
import { UnsubscribeButton } from "./unsubscribe-button";

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center" data-testid="unsubscribe-page">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </section>
  );
}

const home = (
  <Link href="/" className="mt-8 rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
    Back to home
  </Link>
);

/**
 * /unsubscribe?token=… (issue 25): what the link turns off, and a button that
 * does it (the GET changes nothing: mail scanners open links).
 */
export function UnsubscribeView({ state, action }: { state: UnsubscribeState; action: string }) {
  switch (state.kind) {
    case "invalid":
      return (
        <Frame title="Unsubscribe">
          <p className="mt-4 text-slate-700">{UNSUBSCRIBE_LINK_INVALID}</p>
          <p className="mt-2 text-slate-700">
            Check that the whole link from the e-mail was opened. Members of a business account can also choose their notifications on the Notifications page of their account.
          </p>
          {home}
        </Frame>
      );
    case "gone":
      return (
        <Frame title="Unsubscribe">
          <p className="mt-4 text-slate-700">There is nothing to unsubscribe from: this notification no longer exists, so nothing more will be sent.</p>
          {home}
        </Frame>
      );
    case "rule":
      return (
        <Frame title="Unsubscribe">
          <p className="mt-4 text-slate-700">
            You will no longer receive “{state.ruleName}” at <strong>{state.recipient}</strong>.
          </p>
          <p className="mt-2 text-sm text-slate-600">It is a notification about calls of {state.accountName}. Its other recipients keep receiving it.</p>
          {state.done ? <p className="mt-8 text-lg font-semibold text-emerald-800">{UNSUBSCRIBED}</p> : <UnsubscribeButton action={action} />}
        </Frame>
      );
    case "digest":
      return (
        <Frame title="Unsubscribe">
          <p className="mt-4 text-slate-700">
            You will no longer receive the daily summary of {state.accountName} at <strong>{state.email}</strong>.
          </p>
          <p className="mt-2 text-sm text-slate-600">You can turn it back on from the Notifications page of your account.</p>
          {state.done ? <p className="mt-8 text-lg font-semibold text-emerald-800">{UNSUBSCRIBED}</p> : <UnsubscribeButton action={action} />}
        </Frame>
      );
  }
}
