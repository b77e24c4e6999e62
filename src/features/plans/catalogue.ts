/**
 * The one plan catalogue. Pricing page, billing plan chooser, checkout, the
 * API, the provider sync and the JSON-LD price range all read it.
 * Money is integer cents. A feature ending in '*' needs advanced setup.
 */
import { formatMoney } from "@/lib/format";
export type PlanId = "small" | "medium" | "large" | "corp" | "enterprise";
export type Billing = "monthly" | "annual";

export type Plan = {
  id: PlanId;
  name: string;
  /** Price per month in cents; null for enterprise ('Custom'). */
  monthlyPrice: number | null;
  /** Price per month in cents when billed annually; null for enterprise. */
  annualPrice: number | null;
  /** Included units per month; null = unlimited. */
  units: number | null;
  unitsLabel: string;
  /** Included phone sessions (one unit per call up to 3 minutes). */
  phoneSessionLimit: number | null;
  /** Included text sessions (a chat within 15 turns costs half a unit). */
  textSessionLimit: number | null;
  /** Price of one extra unit in cents, by billing period; null for enterprise. */
  extraUnitPrice: { monthly: number; annual: number } | null;
  popular: boolean;
  /** HIPAA-ready call handling (a BAA, PHI safeguards) is part of this plan (ADR 0121). */
  hipaaReady: boolean;
  description: string;
  features: readonly string[];
};

/** The plan feature that names HIPAA-ready handling; only plans with `hipaaReady` list it. */
export const HIPAA_FEATURE = "HIPAA-ready call handling with a BAA*";

const coreFeatures = [
  "24/7 AI phone answering",
  "Website live chat widget",
  "SMS appointment booking",
  "Call recordings, transcripts and summaries",
  "Appointment booking into your calendar",
  "Warm transfer to your team",
  "Custom greeting and business knowledge",
  "Spam call filtering",
  "Email and SMS call notifications",
  "Monthly usage reports",
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: "small",
    name: "Small",
    monthlyPrice: 14900,
    annualPrice: 13400,
    units: 120,
    unitsLabel: "120 units / month",
    phoneSessionLimit: 120,
    textSessionLimit: 240,
    extraUnitPrice: { monthly: 198, annual: 165 },
    popular: false,
    hipaaReady: false,
    description: "For solo operators and small offices that miss calls while on the job.",
    features: [...coreFeatures, "1 business phone number", "1 location", "Basic setup included", "Email support", "Instagram and Facebook messages*"],
  },
  {
    id: "medium",
    name: "Medium",
    monthlyPrice: 42000,
    annualPrice: 36500,
    units: 400,
    unitsLabel: "400 units / month",
    phoneSessionLimit: 400,
    textSessionLimit: 800,
    extraUnitPrice: { monthly: 170, annual: 150 },
    popular: true,
    hipaaReady: false,
    description: "For growing practices and service companies with a steady flow of calls.",
    features: [...coreFeatures, "2 business phone numbers", "Up to 2 locations", "CRM integration*", "Priority email and chat support", "Instagram and Facebook messages*"],
  },
  {
    id: "large",
    name: "Large",
    monthlyPrice: 69900,
    annualPrice: 62900,
    units: 800,
    unitsLabel: "800 units / month",
    phoneSessionLimit: 800,
    textSessionLimit: 1600,
    extraUnitPrice: { monthly: 140, annual: 125 },
    popular: false,
    hipaaReady: true,
    description: "For multi-location businesses that book around the clock.",
    features: [...coreFeatures, "5 business phone numbers", "Up to 5 locations", "CRM and scheduling integrations*", HIPAA_FEATURE, "Dedicated onboarding specialist"],
  },
  {
    id: "corp",
    name: "Corp",
    monthlyPrice: 109900,
    annualPrice: 98900,
    units: 1600,
    unitsLabel: "1,600 units / month",
    phoneSessionLimit: 1600,
    textSessionLimit: 3200,
    extraUnitPrice: { monthly: 112, annual: 100 },
    popular: false,
    hipaaReady: true,
    description: "For high-volume teams and franchises that need custom workflows.",
    features: [...coreFeatures, "10 business phone numbers", "Unlimited locations", "Custom workflows and API access*", HIPAA_FEATURE, "Dedicated account manager"],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    monthlyPrice: null,
    annualPrice: null,
    units: null,
    unitsLabel: "Unlimited units",
    phoneSessionLimit: null,
    textSessionLimit: null,
    extraUnitPrice: null,
    popular: false,
    hipaaReady: true,
    description: "For organisations with custom volume, security and integration needs.",
    features: [...coreFeatures, "Unlimited phone numbers and locations", "Custom AI bots and integrations*", HIPAA_FEATURE, "Single sign-on and audit logs*", "24/7 priority support with SLA"],
  },
];

const ALIASES: Record<string, PlanId> = { corporate: "corp" };

/** Finds a plan by id; `corp` and `corporate` both name the fourth plan. */
export function findPlan(id: string | null | undefined): Plan | undefined {
  if (!id) return undefined;
  const key = id.trim().toLowerCase();
  const resolved = ALIASES[key] ?? key;
  return PLANS.find((p) => p.id === resolved);
}

/** Plans that can be bought online (everything but enterprise). */
export const PURCHASABLE_PLANS = PLANS.filter((p) => p.monthlyPrice !== null);

/** Price in cents for the period: monthly price per month, or annual price per year. */
export function periodPrice(plan: Plan, billing: Billing): number | null {
  if (billing === "annual") return plan.annualPrice === null ? null : plan.annualPrice * 12;
  return plan.monthlyPrice;
}

/** '$149.00' from 14900 (USD; a thin name over the shared formatter, @/lib/format). */
export function formatCents(cents: number): string {
  return formatMoney(cents, "USD");
}

/** '$149' from 14900 (whole dollars, for marketing prices; @/lib/format). */
export function formatDollars(cents: number): string {
  return formatMoney(cents, "USD", { whole: true });
}

/** The structured-data price range, e.g. '$149-$1099'. */
export function priceRange(): string {
  const prices = PURCHASABLE_PLANS.map((p) => p.monthlyPrice!);
  return `$${Math.min(...prices) / 100}-$${Math.max(...prices) / 100}`;
}

/** The lookup key of a plan price at the provider, e.g. 'plan_small_monthly'. */
export function planLookupKey(planId: PlanId, billing: Billing): string {
  return `plan_${planId}_${billing}`;
}

/** Every plan's free trial, in days (spec 9). */
export const TRIAL_DAYS = 14;

/** The plans with HIPAA-ready call handling, in catalogue order. */
export const HIPAA_READY_PLANS = PLANS.filter((p) => p.hipaaReady);

/** 'Large, Corp and Enterprise': the HIPAA-ready plans' names as a phrase. */
export function hipaaPlanNames(): string {
  const names = HIPAA_READY_PLANS.map((p) => p.name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * What the site says about HIPAA, in one place (ADR 0121): the footer badge,
 * the FAQ answers and the marketing copy read these, so no page promises it
 * on a plan that does not include it.
 */
export function hipaaClaims() {
  const plans = hipaaPlanNames();
  const others = PLANS.filter((p) => !p.hipaaReady)
    .map((p) => p.name)
    .join(" and ");
  return {
    /** The footer badge and short mentions. */
    badge: `HIPAA-ready on ${plans}`,
    /** A service line for structured data and descriptions. */
    service: `HIPAA-ready call handling on ${plans} plans`,
    faqQuestion: "Is it HIPAA compliant?",
    faqAnswer:
      `HIPAA-ready call handling is included on the ${plans} plans; ${others} are not for protected health information. ` +
      "Before your AI employee takes patient calls, we sign a business associate agreement (BAA) with your practice. " +
      "The BAA requires us to use patient information only to serve your practice, to keep recordings and transcripts encrypted with access limited to people you authorize, " +
      "to report any breach to you, to hold our subprocessors to the same terms, and to return or delete the information when the agreement ends. " +
      "Your part: be on one of those plans, sign the BAA, and name the people who may open calls.",
  } as const;
}
