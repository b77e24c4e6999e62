/**
 * npm run billing:sync — creates or updates, idempotently by lookup keys, the
 * Stripe products and prices for every plan x billing period, the four usage
 * meters and their metered prices, and the customer portal's configuration.
 * Prints what it changed, then the webhook endpoint and the event types to
 * register for it at Stripe (the webhook's own list). Needs
 * STRIPE_SECRET_KEY (and the other STRIPE_* variables); STRIPE_API_HOST may
 * point it at another API host.
 */
import { ConfigError, config } from "@/lib/config";
import { StripeProvider, STRIPE_API_VERSION } from "@/features/billing/provider/stripe-provider.server";
import { syncStripeCatalogue } from "@/features/billing/provider/billing-sync.server";
import { HANDLED_EVENT_TYPES } from "@/features/billing/webhook.server";

async function main(): Promise<number> {
  let cfg;
  try {
    cfg = config();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (!cfg.STRIPE_SECRET_KEY) {
    console.error("billing:sync needs STRIPE_SECRET_KEY (and STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET). Nothing was changed.");
    return 1;
  }
  const provider = new StripeProvider({ secretKey: cfg.STRIPE_SECRET_KEY, webhookSecret: cfg.STRIPE_WEBHOOK_SECRET ?? "", apiHost: cfg.STRIPE_API_HOST });
  console.log(`billing:sync against Stripe API ${STRIPE_API_VERSION}${cfg.STRIPE_API_HOST ? ` at ${cfg.STRIPE_API_HOST}` : ""}`);
  const changes = await syncStripeCatalogue(provider.stripe);
  if (changes.length === 0) console.log("Everything is up to date; nothing changed.");
  for (const c of changes) console.log(`${c.action.padEnd(8)} ${c.what}`);
  console.log(`${changes.length} change(s).`);
  console.log("");
  console.log(`Webhook endpoint: ${cfg.baseUrl}/api/stripe/webhook (API version ${STRIPE_API_VERSION})`);
  console.log("Register it at Stripe with these event types:");
  for (const type of HANDLED_EVENT_TYPES) console.log(`  ${type}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("billing:sync failed:", err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
