import Stripe from "stripe";
import type { StripeFake } from "./index";

/** The Stripe SDK pointed at a started fake (no retries, no telemetry). */
export function sdk(fake: StripeFake): Stripe {
  return new Stripe("sk_test_fake", { host: "127.0.0.1", port: fake.api.port, protocol: "http", maxNetworkRetries: 0, telemetry: false });
}

/** The error the fake answered `p` with; fails when it was not refused. */
export async function refusal(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) return err;
    throw err;
  }
  throw new Error("expected the fake to refuse the request");
}
