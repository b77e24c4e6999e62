import type { Metadata } from "next";
import { BRAND } from "@/lib/brand";
import { routeMetadata } from "@/features/marketing/metadata";
import { LEGAL, LegalPage } from "@/features/marketing/legal";
import { hipaaPlanNames } from "@/features/plans/catalogue";

export function generateMetadata(): Promise<Metadata> {
  return routeMetadata("/privacy-policy");
}

const SECTIONS = [
  {
    heading: "Information we collect",
    body: [
      "Account information: name, e-mail address, company and billing details you give us when you book a demo, contact us or subscribe.",
      "Conversation data: recordings, transcripts and summaries of calls, chats and messages your AI employee handles for you, including the caller's phone number and anything the caller says.",
      "Usage and technical data: call counts, durations and units used, plus log data such as IP address and browser type when you use our website.",
    ],
  },
  {
    heading: "How we use information",
    body: [
      "To provide the Service: answering, booking, transferring and summarizing conversations for your business; to bill usage; to support you; and to keep the Service secure.",
      "We do not sell personal information and we do not use your conversation data to train models shared with other customers.",
    ],
  },
  {
    heading: "Health information",
    body: [
      `On the ${hipaaPlanNames()} plans we handle protected health information for medical and dental practices as a business associate under HIPAA, under a business associate agreement (BAA) signed before patient calls begin. Other plans are not for protected health information.`,
    ],
  },
  {
    heading: "How long we keep information",
    body: [
      `Conversation logs are anonymized after ${LEGAL.conversationLogsAnonymizedAfter}.`,
      `Billing records are kept for ${LEGAL.billingRecordsKept} to meet tax and accounting obligations.`,
      `Support tickets are kept for ${LEGAL.supportTicketsKept}.`,
    ],
  },
  {
    heading: "Sharing",
    body: [
      "We share information only with service providers that help us run the Service (telephony, hosting, payment processing, e-mail), under contracts that protect it, or when the law requires it.",
    ],
  },
  {
    heading: "Your rights",
    body: [
      "You can ask to access, correct, export or delete your personal information. Residents of the European Economic Area and the United Kingdom have rights under the GDPR, and California residents under the CCPA. Contact us to use them.",
    ],
  },
  {
    heading: "Children",
    body: [`The Service is not directed to children under ${LEGAL.minimumAge} and we do not knowingly collect their personal information.`],
  },
  {
    heading: "Security",
    body: ["Recordings and transcripts are encrypted in transit and at rest, and access is limited to people you and we authorize."],
  },
] as const;

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`This policy explains how ${BRAND.name} handles personal information when you visit our website, book a demo, or use our AI employees.`}
      sections={SECTIONS}
      // The day the text above last changed: update it with the text (ADR 0122).
      lastUpdated="2026-11-26"
    />
  );
}
