/**
 * npm run stripe:check — a live conformance run for operators. With
 * STRIPE_SECRET_KEY=sk_test_... it walks the lifecycle the product depends on
 * in that Stripe test account, on a test clock: catalogue (billing:sync),
 * card-first checkout with test cards, trial end, renewal, overage bill-now
 * and next-invoice, a declined renewal (past_due), recovery, an upgrade with
 * proration, a downgrade at the period's end (scheduled, kept, scheduled
 * again, applied), a resume after a cancel, cancel at period end and the end. It prints one pass/fail row per step and exits 1 on any
 * failure. It refuses live keys (sk_live_, rk_live_).
 *
 *   npm run stripe:check              against the account of STRIPE_SECRET_KEY
 *   npm run stripe:check -- --fake    against the in-process stateful fake (CI)
 *
 * STRIPE_API_HOST may point it at another API host.
 */
import { StripeProvider, STRIPE_API_VERSION } from "@/features/billing/provider/stripe-provider.server";
import { formatTable, runStripeWalk } from "@/features/billing/provider/conformance/walk";
import { StripeFake } from "@/features/billing/provider/testing/stripe-fake";

async function main(): Promise<number> {
  const useFake = process.argv.includes("--fake");
  let fake: StripeFake | null = null;
  let provider: StripeProvider;
  if (useFake) {
    fake = await new StripeFake().start();
    provider = new StripeProvider({ secretKey: "sk_test_stripe_check_fake", webhookSecret: "whsec_unused", apiHost: fake.url, maxNetworkRetries: 0 });
    console.log(`stripe:check against the in-process Stripe fake (API ${STRIPE_API_VERSION})`);
  } else {
    const key = process.env.STRIPE_SECRET_KEY ?? "";
    if (/^(sk|rk)_live_/.test(key)) {
      console.error("stripe:check refuses live keys: it creates customers, subscriptions and invoices. Use a test mode key (sk_test_...).");
      return 1;
    }
    if (!/^(sk|rk)_test_/.test(key)) {
      console.error("stripe:check needs STRIPE_SECRET_KEY=sk_test_... (a test mode key), or --fake to run against the in-process fake.");
      return 1;
    }
    const apiHost = process.env.STRIPE_API_HOST || undefined;
    provider = new StripeProvider({ secretKey: key, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "", apiHost });
    console.log(`stripe:check against Stripe API ${STRIPE_API_VERSION}${apiHost ? ` at ${apiHost}` : ""} (test mode; test clocks take a few seconds to a minute each)`);
  }
  try {
    const results = await runStripeWalk({
      stripe: provider.stripe,
      provider,
      pollMs: fake ? 0 : 2000,
      onStep: (r) => console.log(`  ${r.status.padEnd(4)} ${r.step}`),
    });
    console.log("");
    console.log(formatTable(results));
    return results.every((r) => r.status === "pass") ? 0 : 1;
  } finally {
    await fake?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("stripe:check failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
