import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type WebhookEndpointDisabledProps = {
  firstName: string | null;
  accountName: string;
  endpointUrl: string;
  /** When the failures began, as the reader reads dates ("Nov 23, 2026 14:05 UTC"). */
  failingSince: string;
  /** The last answer the endpoint gave, or what went wrong ("HTTP 500", "no answer within 15000 ms"). */
  lastError: string;
  baseUrl: string;
};

export const WEBHOOK_ENDPOINT_DISABLED_SUBJECT = "A webhook endpoint was turned off after 5 days of failures";

/** To every owner of the account when one of its webhook endpoints failed for 5 days without a success and was turned off (issue 25). */
export function WebhookEndpointDisabled({ firstName, accountName, endpointUrl, failingSince, lastError, baseUrl }: WebhookEndpointDisabledProps) {
  const webhooksUrl = absoluteUrl(baseUrl, "/account/webhooks");
  return (
    <EmailLayout title="Webhook endpoint turned off" preview={`${endpointUrl} failed every delivery for 5 days`}>
      <P>{greeting(firstName)}</P>
      <P>{`The webhook endpoint ${endpointUrl} of ${accountName} has not accepted a delivery since ${failingSince}. After 5 days of failures we turned it off, so no further events are sent to it.`}</P>
      <P>{`Its last answer: ${lastError}.`}</P>
      <P>Once the endpoint works again, switch it back on and resend the deliveries you missed from its delivery log.</P>
      <EmailButton href={webhooksUrl}>Open webhooks</EmailButton>
      <P>
        Webhooks: <EmailLink href={webhooksUrl}>{webhooksUrl}</EmailLink>
      </P>
      <P muted>You receive this e-mail as an owner of the account.</P>
    </EmailLayout>
  );
}
