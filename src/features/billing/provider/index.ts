import type { PaymentProvider } from "./port";

let override: PaymentProvider | undefined;

/**
 * The configured payment provider: Stripe when STRIPE_SECRET_KEY is set,
 * otherwise the sandbox. Tests may install another adapter with setProviderForTests.
 * (The payments issue implements both adapters.)
 */
export async function getProvider(): Promise<PaymentProvider> {
  if (override) return override;
  throw new Error("payment provider adapters are not built yet");
}

export function setProviderForTests(provider: PaymentProvider | undefined): void {
  override = provider;
}
