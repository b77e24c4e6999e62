import type { ReactElement } from "react";
import { renderEmail, type RenderedEmail } from "../render-email";
import { ACCOUNT_EXISTS_SUBJECT, AccountExists } from "./account-exists";
import { CallAlert, callAlertSubject } from "./call-alert";
import { ContactMessage, contactMessageSubject } from "./contact-message";
import { OrderSetup, orderSetupSubject } from "./order-setup";
import { PaymentFailed, paymentFailedSubject } from "./payment-failed";
import { TrialEnding, trialEndingSubject } from "./trial-ending";
import { SubscriptionCancelled, subscriptionCancelledSubject } from "./subscription-cancelled";
import { PlanChanged, planChangedSubject } from "./plan-changed";
import { TrialStarted, trialStartedSubject } from "./trial-started";
import { RESET_PASSWORD_SUBJECT, ResetPassword } from "./reset-password";
import { CONFIRM_NEW_EMAIL_SUBJECT, ConfirmNewEmail } from "./confirm-new-email";
import { EMAIL_CHANGE_NOTICE_SUBJECT, EmailChangeNotice } from "./email-change-notice";
import { UsageAlert, usageAlertSubject } from "./usage-alert";
import { SpendLimitChanged, spendLimitSubject } from "./spend-limit";
import { DailySummary, dailySummarySubject } from "./daily-summary";
import { VERIFY_EMAIL_SUBJECT, VerifyEmail } from "./verify-email";
import { WEBHOOK_ENDPOINT_DISABLED_SUBJECT, WebhookEndpointDisabled } from "./webhook-endpoint-disabled";
import { InvitationEmail, invitationSubject } from "./invitation";
import { WELCOME_SUBJECT, Welcome } from "./welcome";

export type GalleryTemplate = { id: string; name: string; sentWhen: string; subject: string; element: ReactElement };

/** Every e-mail template with sample data, for the template gallery at /admin/outbox/templates. */
export function templateGallery(baseUrl: string): GalleryTemplate[] {
  return [
    {
      id: "verify-email",
      name: "Verify e-mail address",
      sentWhen: "Someone signs up (and when they ask for a new link).",
      subject: VERIFY_EMAIL_SUBJECT,
      element: <VerifyEmail firstName="Vera" url={`${baseUrl}/api/auth/verify-email?token=sample-token`} />,
    },
    {
      id: "account-invitation",
      name: "Invitation to a business account",
      sentWhen: "An owner or manager invites someone to their business account (and when they resend it).",
      subject: invitationSubject("Bright Smile Dental"),
      element: <InvitationEmail accountName="Bright Smile Dental" inviterName="Olga Owner" roleLabel="Staff" url={`${baseUrl}/invitations/sample-invitation`} expiresOn="3 December 2026" />,
    },
    {
      id: "account-exists",
      name: "Account already exists",
      sentWhen: "Someone signs up with an address that already has an account.",
      subject: ACCOUNT_EXISTS_SUBJECT,
      element: <AccountExists firstName="Olga" baseUrl={baseUrl} />,
    },
    {
      id: "reset-password",
      name: "Reset password",
      sentWhen: "Someone asks for a new password on /forgot-password and the address has an account.",
      subject: RESET_PASSWORD_SUBJECT,
      element: <ResetPassword firstName="Rita" url={`${baseUrl}/api/auth/reset-password/sample-token?callbackURL=%2Freset-password`} />,
    },
    {
      id: "confirm-new-email",
      name: "Confirm a new e-mail address",
      sentWhen: "Someone changes their login's e-mail address on /profile; it goes to the new address.",
      subject: CONFIRM_NEW_EMAIL_SUBJECT,
      element: <ConfirmNewEmail firstName="Nora" newEmail="nora.new@example.com" url={`${baseUrl}/api/auth/verify-email?token=sample-token&callbackURL=%2Fprofile%3Femail%3Dchanged`} />,
    },
    {
      id: "email-change-notice",
      name: "E-mail address being changed (notice)",
      sentWhen: "Someone changes their login's e-mail address on /profile; it goes to the current address.",
      subject: EMAIL_CHANGE_NOTICE_SUBJECT,
      element: <EmailChangeNotice firstName="Nora" newEmail="nora.new@example.com" baseUrl={baseUrl} />,
    },
    {
      id: "order-setup",
      name: "AI employee setup instructions",
      sentWhen: "An admin creates an AI-ready order.",
      subject: orderSetupSubject("Nova"),
      element: <OrderSetup aiEmployeeName="Nova" aiPhoneNumber="+1 (555) 010-2233" customerEmail="owner@example.com" webChatUrl="https://chat.example.com/nova" aiAvatarUrl={null} baseUrl={baseUrl} />,
    },
    {
      id: "welcome",
      name: "Welcome",
      sentWhen: "An admin sends (or resends) the welcome e-mail of a subscription.",
      subject: WELCOME_SUBJECT,
      element: <Welcome firstName="Sam" planName="Professional" billing="monthly" price="$299.00 per month" trialEndsOn="Mon, 07 Dec 2026" baseUrl={baseUrl} />,
    },
    {
      id: "payment-failed",
      name: "Payment failed",
      sentWhen: "A subscription's payment fails and it becomes past due.",
      subject: paymentFailedSubject("Professional"),
      element: <PaymentFailed firstName="Dana" planName="Professional" aiEmployeeName="Nova" baseUrl={baseUrl} />,
    },
    {
      id: "order-joined",
      name: "AI employee joined a subscription",
      sentWhen: "An admin creates an AI-ready order for a customer whose subscription was waiting for an AI employee; it joins that subscription.",
      subject: orderSetupSubject("Nova", true),
      element: (
        <OrderSetup
          aiEmployeeName="Nova"
          aiPhoneNumber="+1 (555) 010-2233"
          customerEmail="owner@example.com"
          webChatUrl="https://chat.example.com/nova"
          aiAvatarUrl={null}
          baseUrl={baseUrl}
          joinedSubscription
        />
      ),
    },
    {
      id: "trial-started",
      name: "Trial started",
      sentWhen: "A free trial with a card starts; once per subscription.",
      subject: trialStartedSubject("Medium"),
      element: <TrialStarted firstName="Dana" planName="Medium" price="$420.00 per month" trialEndsOn="December 10, 2026" aiEmployee={null} baseUrl={baseUrl} />,
    },
    {
      id: "trial-ending",
      name: "Trial ends in 3 days",
      sentWhen: "Three days before a free trial ends (Stripe's trial_will_end; the sandbox's clock); once per subscription.",
      subject: trialEndingSubject("December 10, 2026"),
      element: <TrialEnding firstName="Dana" planName="Medium" amount="$420.00" trialEndsOn="December 10, 2026" baseUrl={baseUrl} />,
    },
    {
      id: "subscription-cancelled",
      name: "Subscription cancelled",
      sentWhen: "The customer cancels a subscription at the period's end (in /billing or the provider's portal); once per cancellation.",
      subject: subscriptionCancelledSubject("December 10, 2026"),
      element: <SubscriptionCancelled firstName="Dana" planName="Medium" endsOn="December 10, 2026" baseUrl={baseUrl} />,
    },
    {
      id: "plan-changed",
      name: "Plan changed",
      sentWhen: "The customer changes plan in /billing: an upgrade at once, a downgrade scheduled for the period's end.",
      subject: planChangedSubject("Small", "December 10, 2026"),
      element: <PlanChanged firstName="Dana" fromPlan="Medium" toPlan="Small" effectiveOn="December 10, 2026" price="$149.00 per month" units="120 units / month" baseUrl={baseUrl} />,
    },
    {
      id: "usage-alert",
      name: "Usage alert",
      sentWhen: "A usage month passes 80% (and again 100%) of the plan's included units; once per threshold and month.",
      subject: usageAlertSubject(80),
      element: <UsageAlert firstName="Dana" planName="Small" threshold={80} usedUnits="96.5" includedUnits={120} monthEnd="Dec 15, 2026" baseUrl={baseUrl} />,
    },
    {
      id: "spend-limit",
      name: "Spend limit reached",
      sentWhen: "An AI employee's spend limit switches it to taking messages only (and, with the other wording, back to answering normally); to the billing e-mail and every owner.",
      subject: spendLimitSubject({ to: "messages_only", aiEmployeeName: "Juno" }),
      element: (
        <SpendLimitChanged
          to="messages_only"
          firstName="Olga"
          aiEmployeeName="Juno"
          aiEmployeeId="sample-ai-employee"
          limitText="take messages only at 100%"
          usedUnits="120"
          includedUnits={120}
          until="26 December 2026"
          baseUrl={baseUrl}
        />
      ),
    },
    {
      id: "webhook-endpoint-disabled",
      name: "Webhook endpoint turned off",
      sentWhen: "A webhook endpoint failed every delivery for 5 days and was turned off; once to each owner of the account.",
      subject: WEBHOOK_ENDPOINT_DISABLED_SUBJECT,
      element: (
        <WebhookEndpointDisabled
          firstName="Dana"
          accountName="Bright Smile Dental"
          endpointUrl="https://crm.example.com/hooks/calls"
          failingSince="Nov 21, 2026 09:12 UTC"
          lastError="HTTP 503"
          baseUrl={baseUrl}
        />
      ),
    },
    {
      id: "daily-summary",
      name: "Daily summary",
      sentWhen: "At 08:00 in the account's time zone, to each member who reads calls, about yesterday; not on a day without calls unless the member asked for it.",
      subject: dailySummarySubject("Bright Smile Dental", "Sunday, March 8, 2026"),
      element: (
        <DailySummary
          firstName="Dana"
          accountName="Bright Smile Dental"
          dayLabel="Sunday, March 8, 2026"
          calls={14}
          outcomes={[
            { label: "Answered", count: 10 },
            { label: "Voicemail", count: 2 },
            { label: "No answer", count: 1 },
            { label: "Transferred", count: 1 },
          ]}
          conversations={3}
          missed={{
            total: 3,
            items: [
              { caller: "Rosa Martinez, (555) 010-4477", time: "18:42", note: "Voicemail", url: `${baseUrl}/calls/sample-call-1` },
              { caller: "(555) 010-9120", time: "13:05", note: "No answer", url: `${baseUrl}/calls/sample-call-2` },
            ],
          }}
          bookings={{ total: 1, items: [{ caller: "Sam Lee, (555) 010-3388", time: "10:15", note: "Cleaning on Tuesday at 9:00", url: `${baseUrl}/calls/sample-call-3` }] }}
          units={{ used: "62.5", included: 120 }}
          baseUrl={baseUrl}
          unsubscribeUrl={`${baseUrl}/unsubscribe?token=sample-token`}
        />
      ),
    },
    {
      id: "call-alert",
      name: "Call notification",
      sentWhen: "A call matches a notification rule with the e-mail channel (issue 25); once per call, rule and recipient.",
      subject: callAlertSubject("New call from Rosa Martinez", "Answered"),
      element: (
        <CallAlert
          headline="New call from Rosa Martinez"
          caller="Rosa Martinez, (212) 555-0100"
          time="Nov 23, 2026 14:05 CST"
          outcome="Answered"
          aiEmployeeName="Nova"
          summary="Rosa's furnace stopped working; booked a technician for tomorrow at 7:30."
          appointmentBooked
          callUrl={`${baseUrl}/calls/3f1c7a52-9d4e-4b8a-a1f0-6e2d9c0b7a13`}
          spamUrl={`${baseUrl}/calls/3f1c7a52-9d4e-4b8a-a1f0-6e2d9c0b7a13#report-spam`}
          ruleName="Every call to the front desk"
          accountName="Bright Smile Dental"
          unsubscribeUrl={`${baseUrl}/unsubscribe?token=sample-token`}
        />
      ),
    },
    {
      id: "contact-message",
      name: "Contact message (to the team)",
      sentWhen: "A visitor sends the contact form; it goes to TEAM_EMAIL.",
      subject: contactMessageSubject("Sales and pricing"),
      element: (
        <ContactMessage
          fields={[
            ["Name", "Rosa Martinez"],
            ["Email", "rosa@example.com"],
            ["Company", "Bright Smiles <Dental>"],
            ["Subject", "Sales and pricing"],
          ]}
          message={"We have two locations & miss about 30 calls a week.\nWhich plan fits?"}
        />
      ),
    },
  ];
}

export type RenderedGalleryTemplate = Omit<GalleryTemplate, "element"> & RenderedEmail;

/** The gallery's templates rendered as they are sent: both parts from the template. */
export async function renderTemplateGallery(baseUrl: string): Promise<RenderedGalleryTemplate[]> {
  return Promise.all(templateGallery(baseUrl).map(async ({ element, ...about }) => ({ ...about, ...(await renderEmail(element)) })));
}
