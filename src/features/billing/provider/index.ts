import "server-only";
import { config } from "@/lib/config";
import type { PaymentProvider } from "./port";

let override: PaymentProvider | undefined;
let cached: PaymentProvider | undefined;

/**
 * The configured payment provider: the Stripe adapter when STRIPE_SECRET_KEY
 * is set (config().stripeEnabled), otherwise the sandbox adapter (state in our
 * database). Tests may install another adapter with setProviderForTests.
 */
export async function getProvider(): Promise<PaymentProvider> {
  if (override) return override;
  if (cached) return cached;
  const cfg = config();
  if (cfg.stripeEnabled) {
    const { StripeProvider } = await import("./stripe-provider.server");
    cached = new StripeProvider({
      secretKey: cfg.STRIPE_SECRET_KEY!,
      webhookSecret: cfg.STRIPE_WEBHOOK_SECRET!,
      apiHost: cfg.STRIPE_API_HOST,
    });
  } else {
    const { SandboxProvider } = await import("../sandbox/sandbox-provider.server");
    cached = new SandboxProvider();
  }
  return cached;
}

/** The sandbox adapter when it is the active provider, else null (sandbox-only routes use this). */
export async function getSandboxProvider(): Promise<import("../sandbox/sandbox-provider.server").SandboxProvider | null> {
  const p = await getProvider();
  return p.kind === "sandbox" ? (p as import("../sandbox/sandbox-provider.server").SandboxProvider) : null;
}

/**
 * The provider's clock when nothing but our own jobs moves its subscriptions
 * on (periodsAdvanceWithoutWebhooks: the sandbox), else null (Stripe's
 * webhooks tell us).
 */
export async function clockWithoutWebhooks(): Promise<Date | null> {
  const provider = await getProvider();
  return provider.periodsAdvanceWithoutWebhooks ? provider.now() : null;
}

export function setProviderForTests(provider: PaymentProvider | undefined): void {
  override = provider;
  cached = undefined;
}
