import { BRAND } from "@/lib/brand";
import { EmailButton, EmailLink, EmailLayout, P, absoluteUrl, greeting } from "./layout";

export type WelcomeProps = {
  firstName: string | null;
  planName: string;
  billing: "monthly" | "annual";
  /** The price as shown, e.g. "$99.00 per month" or "custom pricing". */
  price: string;
  /** When a trial runs: its last day, as shown. */
  trialEndsOn: string | null;
  baseUrl: string;
};

export const WELCOME_SUBJECT = `Welcome to ${BRAND.name}`;

/** Sent (and resent by admins) once a customer's subscription is set up. */
export function Welcome({ firstName, planName, billing, price, trialEndsOn, baseUrl }: WelcomeProps) {
  return (
    <EmailLayout title={WELCOME_SUBJECT}>
      <P>{greeting(firstName)}</P>
      <P>
        {`Welcome to ${BRAND.name}! Your `}
        <strong>{planName}</strong>
        {` plan (${billing}, ${price}) is set up.`}
      </P>
      {trialEndsOn ? <P>{`Your free trial runs until ${trialEndsOn}; you will not be charged before then.`}</P> : null}
      <EmailButton href={absoluteUrl(baseUrl, "/dashboard")}>Open your dashboard</EmailButton>
      <P>
        Manage your AI employees, subscription and invoices on Billing &amp; Account: <EmailLink href={absoluteUrl(baseUrl, "/billing")}>{absoluteUrl(baseUrl, "/billing")}</EmailLink>
      </P>
      <P muted>{`Reply to this e-mail if you need anything. ${BRAND.tagline}`}</P>
    </EmailLayout>
  );
}
