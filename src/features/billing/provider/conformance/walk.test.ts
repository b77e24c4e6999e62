import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StripeProvider } from "../stripe-provider.server";
import { StripeFake } from "../testing/stripe-fake";
import { formatTable, runStripeWalk } from "./walk";

/** `npm run stripe:check -- --fake`, as a test: the walk itself passes against the stateful fake. */
describe("stripe:check walk against the stateful fake", () => {
  const fake = new StripeFake();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(() => fake.stop());

  it("every step passes", async () => {
    const provider = new StripeProvider({ secretKey: "sk_test_fake", webhookSecret: "whsec_fake", apiHost: fake.url, maxNetworkRetries: 0 });
    const results = await runStripeWalk({ stripe: provider.stripe, provider, pollMs: 0 });
    const table = formatTable(results);
    expect(
      results.filter((r) => r.status !== "pass"),
      table,
    ).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(14);
    // The walk moved time and money as Stripe would: trial end, renewal, decline, recovery, period end.
    const types = fake.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["invoice.payment_failed", "invoice.paid", "customer.subscription.deleted", "setup_intent.succeeded", "setup_intent.setup_failed"]));
  });
});
