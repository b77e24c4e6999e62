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
  /** The AI employee joined a subscription that was waiting for one (issue 23): no trial to start. */
  joinedSubscription?: boolean;
};

export const orderSetupSubject = (aiEmployeeName: string, joinedSubscription = false) =>
  joinedSubscription ? `Your AI employee ${aiEmployeeName} has joined your subscription` : `Your AI employee ${aiEmployeeName} is ready to start`;

/** Where the setup e-mail's sign-in link leads: the login, then Billing & Account. */
export const orderSetupLoginUrl = (baseUrl: string) => absoluteUrl(baseUrl, `/login?returnTo=${encodeURIComponent("/billing")}`);

const label = { color: EMAIL_COLORS.muted } as const;

/**
 * The setup instructions sent to the customer when an admin creates an
 * AI-ready order: sign in (or create an account) with this address, verify
 * it, then start the 14-day free trial on /billing.
 */
export function OrderSetup(props: OrderSetupProps) {
  if (props.joinedSubscription) return <OrderJoined {...props} />;
  const { aiEmployeeName: name, customerEmail, baseUrl } = props;
  const loginUrl = orderSetupLoginUrl(baseUrl);
  const billingUrl = absoluteUrl(baseUrl, "/billing");
  const intro = (
    <>
      Your AI employee <strong>{name}</strong> has been set up for <strong>{customerEmail}</strong> and is ready to go.
    </>
  );
  return (
    <OrderEmail title={`${name} is ready to start`} order={props} intro={intro}>
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
    </OrderEmail>
  );
}

/**
 * The order e-mail when the AI employee joined the customer's subscription
 * that was waiting for one (issue 23): it is already covered, so the
 * e-mail says so instead of offering a free trial.
 */
function OrderJoined(props: OrderSetupProps) {
  const { aiEmployeeName: name, customerEmail, baseUrl } = props;
  const intro = (
    <>
      Your AI employee <strong>{name}</strong> has been set up for <strong>{customerEmail}</strong> and has joined your existing subscription. There is no second trial to start and nothing more to
      pay.
    </>
  );
  return (
    <OrderEmail title={`${name} has joined your subscription`} order={props} intro={intro}>
      <P>
        {`You will find ${name} in `}
        <EmailLink href={absoluteUrl(baseUrl, "/billing")}>Billing &amp; Account</EmailLink>, on the <strong>AI Employees</strong> tab, with the subscription it joined.
      </P>
      <EmailButton href={orderSetupLoginUrl(baseUrl)}>{`Sign in to see ${name}`}</EmailButton>
    </OrderEmail>
  );
}

/** Both order e-mails: the avatar, "Hello,", the `intro` paragraph, where callers reach the AI employee, the rest, then where to ask. */
function OrderEmail({ title, order, intro, children }: { title: string; order: OrderSetupProps; intro: React.ReactNode; children: React.ReactNode }) {
  return (
    <EmailLayout title={title}>
      <Avatar name={order.aiEmployeeName} url={order.aiAvatarUrl} baseUrl={order.baseUrl} />
      <P>Hello,</P>
      <P>{intro}</P>
      <ReachedAt phone={order.aiPhoneNumber} webChatUrl={order.webChatUrl} />
      {children}
      <P muted>Questions? Reply to this e-mail and our team will help.</P>
    </EmailLayout>
  );
}

/** The AI employee's avatar, when it has one. */
function Avatar({ name, url, baseUrl }: { name: string; url: string | null | undefined; baseUrl: string }) {
  if (!url) return null;
  return <Img src={absoluteUrl(baseUrl, url)} alt={`Avatar of ${name}`} width="96" height="96" style={{ borderRadius: "48px", objectFit: "cover", margin: "0 0 16px" }} />;
}

/** Where callers reach the AI employee: its phone number and web chat. */
function ReachedAt({ phone, webChatUrl }: { phone: string; webChatUrl: string }) {
  return (
    <P>
      <span style={label}>Phone number:</span> {phone}
      <br />
      <span style={label}>Web chat:</span> <EmailLink href={webChatUrl}>{webChatUrl}</EmailLink>
    </P>
  );
}
