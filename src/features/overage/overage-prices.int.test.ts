import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { overageEntries, overageLineItems } from "@/db/schema";
import { setProviderForTests } from "@/features/billing/provider";
import { meteredLookupKey } from "@/features/billing/provider/prices";
import { METER_EVENT_NAMES } from "@/features/billing/provider/port";
import type { StripePricesResponse } from "@/features/billing/admin-api-types";
import type { OverageEntryView } from "@/features/overage/overage.schema";
import { FakeProvider } from "@/features/usage/testing/fake-provider";
import * as entries from "@app/api/admin/overage-entries/route";
import * as lineItems from "@app/api/admin/overage-entries/[id]/line-items/route";
import * as prices from "@app/api/admin/stripe-prices/route";
import { call, createUser, type TestUser } from "../../../test/http-helpers";
import { subscriptionWithCycle } from "../../../test/overage-fixtures";

let admin: TestUser;
let customer: TestUser;
let fake: FakeProvider;

beforeAll(async () => {
  admin = await createUser({ role: "admin" });
  customer = await createUser({ firstName: "Petra" });
});
beforeEach(() => {
  fake = new FakeProvider();
  // The provider also sells the Medium plan: its prices are not the Small subscription's.
  fake.prices.push(
    {
      id: "price_medium_monthly",
      lookupKey: "plan_medium_monthly",
      productName: "Medium plan",
      unitLabel: null,
      unitAmount: 42000,
      recurringInterval: "month",
      usageType: "licensed",
      meterEventName: null,
    },
    ...METER_EVENT_NAMES.map((name) => ({
      id: `price_${meteredLookupKey(name, "medium", "monthly")}`,
      lookupKey: meteredLookupKey(name, "medium", "monthly"),
      productName: `Medium ${name.replace("_", " ")} usage`,
      unitLabel: "call",
      unitAmount: 170,
      recurringInterval: "month" as const,
      usageType: "metered" as const,
      meterEventName: name,
    })),
  );
  setProviderForTests(fake);
});
afterEach(() => setProviderForTests(undefined));

async function smallEntry() {
  const { sub, cycle } = await subscriptionWithCycle(admin, customer, "op");
  const res = await call(entries.POST, {
    method: "POST",
    path: "/api/admin/overage-entries",
    cookie: admin.cookie,
    body: { subscriptionId: sub.id, periodStart: cycle.periodStart, periodEnd: cycle.periodEnd, billNow: false },
  });
  expect(res.status).toBe(201);
  return { sub, entry: (await res.json()) as OverageEntryView };
}
const addItem = (entryId: string, body: Record<string, unknown>) =>
  call(lineItems.POST, { method: "POST", path: `/api/admin/overage-entries/${entryId}/line-items`, cookie: admin.cookie, params: { id: entryId }, body });
const itemCount = async (entryId: string) => (await (await getDb()).select().from(overageLineItems).where(eq(overageLineItems.entryId, entryId))).length;

describe("overage line items: the subscription's own plan prices, entered in dollars", () => {
  it("the price list offers only the Small monthly prices of a Small monthly subscription", async () => {
    const { sub } = await smallEntry();
    const res = await call(prices.GET, { path: `/api/admin/stripe-prices?subscriptionId=${sub.id}`, cookie: admin.cookie });
    const list = (await res.json()) as StripePricesResponse;
    expect(list.prices.map((p) => p.id).sort()).toEqual(["price_small_monthly", ...METER_EVENT_NAMES.map((n) => `price_${meteredLookupKey(n, "small", "monthly")}`)].sort());
    expect(list.prices.some((p) => p.productName.startsWith("Medium"))).toBe(false);
  });

  it("refuses another plan's price with a 400 that says why, and stores nothing", async () => {
    const { entry } = await smallEntry();
    const res = await addItem(entry.id, { stripePriceId: `price_${meteredLookupKey("phone_inbound", "medium", "monthly")}`, quantity: 1, unitPriceDollars: "1.70" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("That price is not one of this subscription's plan prices (Small, monthly): choose one of them");
    expect(await itemCount(entry.id)).toBe(0);
  });

  it("stores a price typed in dollars in cents: 12.50 × 3 = 3750 cents", async () => {
    const { entry } = await smallEntry();
    const res = await addItem(entry.id, { stripePriceId: `price_${meteredLookupKey("phone_inbound", "small", "monthly")}`, quantity: 3, unitPriceDollars: "12.50" });
    expect(res.status).toBe(201);
    const view = (await res.json()) as OverageEntryView;
    expect(view.lineItems.map((i) => [i.unitPrice, i.totalPrice])).toEqual([[1250, 3750]]);
    const [stored] = await (await getDb()).select().from(overageEntries).where(eq(overageEntries.id, entry.id));
    expect(stored!.totalAmount).toBe(3750);
  });

  it.each([
    [{ unitPriceDollars: "12.505" }, "unitPriceDollars: Unit price must be an amount in dollars of 0 or more, with at most 2 decimals, such as 12.50"],
    [{ unitPriceDollars: "-3" }, "unitPriceDollars: Unit price must be an amount in dollars"],
    [{ unitPriceDollars: "twelve" }, "unitPriceDollars: Unit price must be an amount in dollars"],
    [{ unitPriceDollars: "1000000.01" }, "Unit price is too large"],
    [{ unitPriceDollars: "" }, "Missing Information: Please fill in all required fields."],
    [{}, "Missing Information: Please fill in all required fields."],
    [{ unitPriceDollars: "1.00", unitPrice: 100 }, "Give the unit price once"],
  ])("refuses %j with a 400 naming the problem; nothing is stored", async (price, message) => {
    const { entry } = await smallEntry();
    const res = await addItem(entry.id, { stripePriceId: `price_${meteredLookupKey("phone_inbound", "small", "monthly")}`, quantity: 1, ...price });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
    expect(await itemCount(entry.id)).toBe(0);
  });
});
