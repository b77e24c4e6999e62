import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { getProvider, getSandboxProvider, setProviderForTests } from "./index";
import { publishableKey } from "../payment-form/publishable-key.server";

const KEYS = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST"] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

function useEnv(env: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const k of KEYS) {
    if (env[k] === undefined) delete process.env[k];
    else process.env[k] = env[k];
  }
  resetConfigForTests();
  setProviderForTests(undefined);
}

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetConfigForTests();
  setProviderForTests(undefined);
});

describe("getProvider", () => {
  it("is the sandbox without Stripe keys, and the payment form gets no publishable key", async () => {
    useEnv({});
    expect((await getProvider()).kind).toBe("sandbox");
    expect(await getSandboxProvider()).not.toBeNull();
    expect(publishableKey()).toBeNull();
    // The first getProvider() loads the sandbox adapter (stripe SDK, drizzle) cold: seconds on a busy machine.
  }, 30_000);

  it("is the Stripe adapter when STRIPE_SECRET_KEY is set", async () => {
    useEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_API_HOST: "http://127.0.0.1:9" });
    const p = await getProvider();
    expect(p.kind).toBe("stripe");
    expect(await getProvider()).toBe(p);
    expect(await getSandboxProvider()).toBeNull();
    expect(publishableKey()).toBe("pk_test_abc");
  });

  it("returns the adapter installed by a test", async () => {
    useEnv({});
    const fake = { kind: "stripe" } as unknown as Awaited<ReturnType<typeof getProvider>>;
    setProviderForTests(fake);
    expect(await getProvider()).toBe(fake);
  });
});
