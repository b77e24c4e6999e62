import { Heading, Img } from "@react-email/components";
import { EMAIL_COLORS, EmailButton, EmailLink, EmailLayout, P, absoluteUrl } from "./layout";

export type OrderSetupProps = {
  aiEmployeeName: string;
  aiPhoneNumber: string;
  customerEmail: string;
  webChatUrl: string;
  /** A path of ours or a full URL; made absolute from the base URL. */
  aiAvatarUrl: string | null;
  baseUrl: string;
};

export const orderSetupSubject = (aiEmployeeName: string) => `Your AI employee ${aiEmployeeName} is ready to start`;

/** Where the setup e-mail's sign-in link leads: the login, then Billing & Account. */
export const orderSetupLoginUrl = (baseUrl: string) => absoluteUrl(baseUrl, `/login?returnTo=${encodeURIComponent("/billing")}`);

const label = { color: EMAIL_COLORS.muted } as const;

/**
 * The setup instructions sent to the customer when an admin creates an
 * AI-ready order: sign in (or create an account) with this address, verify
 * it, then start the 14-day free trial on /billing.
 */
export function OrderSetup({ aiEmployeeName: name, aiPhoneNumber, customerEmail, webChatUrl, aiAvatarUrl, baseUrl }: OrderSetupProps) {
  const loginUrl = orderSetupLoginUrl(baseUrl);
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  return (
    <EmailLayout title={`${name} is ready to start`}>
      {aiAvatarUrl ? (
        <Img src={absoluteUrl(baseUrl, aiAvatarUrl)} alt={`Avatar of ${name}`} width="96" height="96" style={{ borderRadius: "48px", objectFit: "cover", margin: "0 0 16px" }} />
      ) : null}
      <P>Hello,</P>
      <P>
        Your AI employee <strong>{name}</strong> has been set up for <strong>{customerEmail}</strong> and is ready to go.
      </P>
      <P>
        <span style={label}>Phone number:</span> {aiPhoneNumber}
        <br />
        <span style={label}>Web chat:</span> <EmailLink href={webChatUrl}>{webChatUrl}</EmailLink>
      </P>
      <Heading as="h2" style={{ fontSize: "17px", margin: "24px 0 8px" }}>
        How to get started:
      </Heading>
      <ol style={{ paddingLeft: "20px", lineHeight: "1.6" }}>
        <li>
          Sign in, or create an account, with this e-mail address (<strong>{customerEmail}</strong>): <EmailLink href={loginUrl}>{loginUrl}</EmailLink>
        </li>
        <li>{`Verify your e-mail address with the link we send you. ${name} is shown only to a verified address.`}</li>
        <li>
          Open <EmailLink href={billingUrl}>Billing &amp; Account</EmailLink>, choose the <strong>AI Employees</strong> tab and click <strong>&quot;Start Free Trial&quot;</strong>
          {` next to ${name}.`}
        </li>
      </ol>
      <EmailButton href={loginUrl}>Sign in and start your free trial</EmailButton>
      <P>Every plan starts with a 14-day free trial. Your card is charged only after the trial ends, and you can cancel anytime.</P>
      <P muted>Questions? Reply to this e-mail and our team will help.</P>
    </EmailLayout>
  );
}
