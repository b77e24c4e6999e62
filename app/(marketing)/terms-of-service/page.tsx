import type { Metadata } from "next";
import { BRAND } from "@/lib/brand";
import { routeMetadata } from "@/features/marketing/metadata";
import { LEGAL, LegalPage } from "@/features/marketing/legal";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/terms-of-service");
}

const SECTIONS = [
  {
    heading: "The service",
    body: [
      `${BRAND.name} provides AI employees that answer phone calls, website chat, SMS and social messages for your business, book appointments, transfer calls and provide recordings, transcripts and summaries (the "Service").`,
      "You are responsible for the information you give us to train your AI employee (prices, services, policies) and for keeping it accurate.",
    ],
  },
  {
    heading: "Accounts",
    body: [
      "You must provide accurate account information and keep your sign-in credentials confidential. You are responsible for activity under your account.",
      `The Service is offered to businesses. You must be at least 18 years old to create an account; the Service is not directed to children under ${LEGAL.minimumAge}.`,
    ],
  },
  {
    heading: "Free trial, subscriptions and billing",
    body: [
      "Every plan starts with a 14-day free trial. Your payment method is charged only after the trial ends, unless you cancel before then.",
      "Subscriptions renew automatically each month or year, depending on the billing period you choose. Usage above your plan's included units is billed at your plan's extra-unit price at the end of the billing period. Units reset monthly and do not roll over.",
      `We may change prices with at least ${LEGAL.priceChangeNoticeDays} days' notice by e-mail. The new price applies from your next billing period after the notice period ends.`,
    ],
  },
  {
    heading: "Cancellation",
    body: [
      "You can cancel anytime from your billing page. Cancellation takes effect at the end of the current billing period and you keep access until then. Fees already paid are not refunded except where the law requires.",
    ],
  },
  {
    heading: "Availability",
    body: [
      `We aim for ${LEGAL.uptimeAim} monthly uptime of the answering service, excluding scheduled maintenance announced in advance and outages of telephone carriers or third-party services we do not control.`,
    ],
  },
  {
    heading: "Acceptable use",
    body: [
      "You may not use the Service for unlawful, deceptive or harassing calls or messages, for unsolicited marketing in breach of telemarketing laws, or to collect information you are not permitted to collect.",
      "You are responsible for any notices your jurisdiction requires for call recording and for informing callers that they may be speaking with an AI system.",
    ],
  },
  {
    heading: "Limitation of liability",
    body: [
      `To the extent permitted by law, our total liability for any claim arising out of the Service is limited to the fees you paid us in the ${LEGAL.liabilityCapMonths} months before the event giving rise to the claim. We are not liable for lost profits or indirect, incidental or consequential damages.`,
    ],
  },
  {
    heading: "Changes to these terms",
    body: [
      `We may update these terms. Material changes are announced by e-mail at least ${LEGAL.priceChangeNoticeDays} days before they take effect. Continuing to use the Service after that date means you accept the updated terms.`,
    ],
  },
] as const;

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`These terms are an agreement between your business and ${BRAND.name}. By starting a trial or subscription you agree to them.`}
      sections={SECTIONS}
      // The day the text above last changed: update it with the text (ADR 0122).
      lastUpdated="2026-11-23"
    />
  );
}
