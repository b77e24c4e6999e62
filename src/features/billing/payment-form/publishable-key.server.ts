import "server-only";
import { config } from "@/lib/config";

/** The Stripe publishable key for PaymentSetupForm; null when the sandbox provider is active. */
export function publishableKey(): string | null {
  const cfg = config();
  return cfg.stripeEnabled ? (cfg.STRIPE_PUBLISHABLE_KEY ?? null) : null;
}
