import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { subscriptions } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { ensureCustomer } from "@/features/billing/customers.server";
import { SandboxProvider } from "@/features/billing/sandbox/sandbox-provider.server";
import { syncCustomerSubscriptions } from "@/features/billing/sync.server";
import { createUser } from "./http-helpers";

/**
 * The webhook's sync job and every direct sync end in syncCustomerSubscriptions:
 * two syncs of one customer must never interleave, or an older snapshot read
 * first and written last would stay committed (docs/decisions/0087).
 */

const sandbox = new SandboxProvider();

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function mirror(providerSubscriptionId: string) {
  const db = await getDb();
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row;
}

async function newCustomer(): Promise<string> {
  const u = await createUser();
  return ensureCustomer({ accountId: u.id, accountName: "Test", email: u.email });
}

describe("syncs of one customer are serialised", () => {
  beforeAll(() => setProviderForTests(undefined));
  afterEach(() => setProviderForTests(undefined));

  it("an older snapshot read first and written last does not overwrite the newer one", async () => {
    const customerId = await newCustomer();
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "small", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "serial-older");
    // The first sync's read takes the provider's state, then hangs until released.
    const firstHasRead = deferred();
    const releaseFirst = deferred();
    let reads = 0;
    const racing = new SandboxProvider();
    racing.listSubscriptions = async (c) => {
      const n = ++reads;
      const snapshot = await sandbox.listSubscriptions(c);
      if (n === 1) {
        firstHasRead.resolve();
        await releaseFirst.promise;
      }
      return snapshot;
    };
    setProviderForTests(racing);

    const first = syncCustomerSubscriptions(customerId);
    await firstHasRead.promise; // it holds the state before the change
    await sandbox.cancelAtPeriodEnd(sub.id, "serial-older-cancel"); // the provider changes ...
    const second = syncCustomerSubscriptions(customerId); // ... and that change's sync starts
    // Unserialised, the second sync reads the new state and commits it now; serialised, it waits for the first.
    await Promise.race([second, sleep(1000)]);
    const readsWhileFirstHeld = reads;
    releaseFirst.resolve();
    await Promise.all([first, second]);

    // The newer state is what stays committed.
    expect(await mirror(sub.id)).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true, providerCancelAtPeriodEnd: true });
    // The second sync read only after the first had committed.
    expect(readsWhileFirstHeld).toBe(1);
    expect(reads).toBe(2);
  });

  it("syncs of different customers do not wait for each other", async () => {
    const [held, free] = [await newCustomer(), await newCustomer()];
    const sub = await sandbox.createTrialSubscription({ customerId: free, planId: "medium", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "serial-free");
    const release = deferred();
    const provider = new SandboxProvider();
    provider.listSubscriptions = async (c) => {
      if (c === held) await release.promise;
      return sandbox.listSubscriptions(c);
    };
    setProviderForTests(provider);
    const blocked = syncCustomerSubscriptions(held);
    try {
      await expect(syncCustomerSubscriptions(free)).resolves.toMatchObject({ found: true, subscriptions: 1 });
      expect((await mirror(sub.id))?.planId).toBe("medium");
    } finally {
      release.resolve();
      await blocked;
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL a sync waits while another process holds the customer's advisory lock", async () => {
    const customerId = await newCustomer();
    const sub = await sandbox.createTrialSubscription({ customerId, planId: "large", billing: "monthly", paymentMethodId: null, trialDays: 14, metadata: {} }, "serial-process");
    let reads = 0;
    const counting = new SandboxProvider();
    counting.listSubscriptions = async (c) => {
      reads++;
      return sandbox.listSubscriptions(c);
    };
    setProviderForTests(counting);
    // Another instance's sync of this customer, on its own connection.
    const { default: pg } = await import("pg");
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(hashtext($1))", [`billing-sync:${customerId}`]);
      const sync = syncCustomerSubscriptions(customerId);
      expect(await Promise.race([sync.then(() => "synced"), sleep(750).then(() => "waiting")])).toBe("waiting");
      expect(reads).toBe(0); // it waits before reading, not just before writing
      await other.query("commit");
      await expect(sync).resolves.toMatchObject({ found: true });
      expect(reads).toBe(1);
      expect((await mirror(sub.id))?.planId).toBe("large");
    } finally {
      await other.end();
    }
  });
});
