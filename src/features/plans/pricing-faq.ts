import { findPlan, formatCents, formatDollars, hipaaClaims, PURCHASABLE_PLANS, TRIAL_DAYS } from "./catalogue";
import { TEXT_TURNS_PER_BLOCK, VOICE_SHORT_CALL_SECONDS, VOICE_STEP_SECONDS, textUnits, voiceUnits } from "./units";

/**
 * The pricing page's FAQ. Every figure comes from the catalogue and the unit
 * rules, so a price or a rule changes in one place only.
 */
export type FaqItem = { q: string; a: string };

const minutes = (seconds: number) => `${seconds / 60} minutes`;

export function pricingFaq(): FaqItem[] {
  const small = findPlan("small")!;
  const withExtra = PURCHASABLE_PLANS.filter((p) => p.extraUnitPrice);
  const highestExtra = withExtra.reduce((a, b) => (b.extraUnitPrice!.monthly > a.extraUnitPrice!.monthly ? b : a));
  const lowestExtra = withExtra.reduce((a, b) => (b.extraUnitPrice!.annual < a.extraUnitPrice!.annual ? b : a));
  const savedPct = Math.round((1 - small.annualPrice! / small.monthlyPrice!) * 100);
  return [
    {
      q: "What is a unit?",
      a:
        `A unit is how usage is counted. An answered call from ${VOICE_SHORT_CALL_SECONDS} seconds to ${minutes(VOICE_STEP_SECONDS)} is ${voiceUnits(VOICE_SHORT_CALL_SECONDS)} unit, ` +
        `longer calls add a unit per started ${minutes(VOICE_STEP_SECONDS)}, calls under ${VOICE_SHORT_CALL_SECONDS} seconds and voicemails are ${voiceUnits(0, "voicemail")}, ` +
        `failed dials ${voiceUnits(0, "failed")}, and a chat or text conversation within ${TEXT_TURNS_PER_BLOCK} turns is ${textUnits(TEXT_TURNS_PER_BLOCK)}.`,
    },
    {
      q: "What happens if I use more units than my plan includes?",
      a:
        `Your AI employee keeps answering. Extra units are billed at your plan's extra-unit price, from ${formatCents(highestExtra.extraUnitPrice!.monthly)} on ${highestExtra.name} ` +
        `down to ${formatCents(lowestExtra.extraUnitPrice!.annual)} on ${lowestExtra.name} with annual billing.`,
    },
    { q: "Do unused units roll over?", a: "No. Units reset at the start of every billing month, so pick the plan that fits a typical month and let extra units cover the busy ones." },
    {
      q: "How does the free trial work?",
      a: `Every plan includes a ${TRIAL_DAYS}-day free trial. We collect your card to start the subscription, but you are not charged until the trial ends, and you can cancel before then at no cost.`,
    },
    {
      q: "How much do I save with annual billing?",
      a: `Annual billing saves about ${savedPct}%: ${small.name} is ${formatDollars(small.annualPrice!)} a month instead of ${formatDollars(small.monthlyPrice!)}, and extra units are cheaper as well.`,
    },
    {
      q: "Can I change plans later?",
      a: "Yes. Choose Change plan on your billing page and you see the cost before you confirm. An upgrade applies at once: you pay the difference for the rest of your billing period. A downgrade applies from your next billing period, and you can keep your current plan until then.",
    },
    {
      q: "Am I charged for spam calls?",
      a: `Spam calls are detected and disconnected within ${VOICE_SHORT_CALL_SECONDS} seconds. If a longer spam call slips through, send us the session IDs and we credit the units.`,
    },
    // Which plans are HIPAA-ready is the catalogue's (ADR 0121); the home FAQ and the footer say the same.
    { q: hipaaClaims().faqQuestion, a: hipaaClaims().faqAnswer },
  ];
}
