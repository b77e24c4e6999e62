import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions, organization } from "@/db/schema";
import { startJobs } from "@/lib/jobs";
import { orderSetupEmailJob } from "@/features/orders/orders.server";
import { defaultSettings } from "@/features/ai-settings/default-settings";
import type { SettingsDocument } from "@/features/ai-settings/settings.schema";
import { storedDocument } from "@/features/ai-settings/stored-document";
import * as orders from "@app/api/admin/ai-ready-orders/route";
import { call, completeSubscriptionAs, createUser, type TestUser } from "./http-helpers";
import { confirmedSetupIntent } from "./checkout-helpers";
import { stored, storedVersion } from "./ai-settings-helpers";

/** Issue 24: an AI-ready order created by an admin starts with version 1 of its settings, built from the order and the business. */

let admin: TestUser;

beforeAll(async () => {
  await startJobs({ jobs: [orderSetupEmailJob], workers: false });
  admin = await createUser({ role: "admin" });
});

async function createOrder(customerEmail: string, name: string, phone: string): Promise<string> {
  const res = await call(orders.POST, {
    method: "POST",
    path: "/api/admin/ai-ready-orders",
    cookie: admin.cookie,
    body: { aiEmployeeName: name, aiPhoneNumber: phone, customerEmail, webChatUrl: "https://chat.example.com/x" },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("a new AI-ready order", () => {
  it("starts with version 1 named for its business, in the business's time zone", async () => {
    const customer = await createUser({ email: `harbor-${randomUUID().slice(0, 6)}@example.com` });
    const db = await getDb();
    await db.update(organization).set({ name: "Harbor Plumbing", timeZone: "America/Denver" }).where(eq(organization.id, customer.id));
    const id = await createOrder(customer.email.toUpperCase(), "Ava", "+1 (212) 555-0142");
    const { versions, row } = await stored(id);
    expect(versions).toBe(1);
    expect(row).toMatchObject({ currentVersion: 1, bookingKeyCiphertext: null, spendMode: "normal" });
    const v1 = (await storedVersion(id, 1))!;
    expect(v1).toMatchObject({ authorKind: "system", authorName: "HumanFocus AI", authorUserId: null, restoredFrom: null });
    expect(v1.document as SettingsDocument).toEqual(
      storedDocument(defaultSettings({ aiEmployeeName: "Ava", phoneNumber: "+1 (212) 555-0142", businessName: "Harbor Plumbing", timeZone: "America/Denver" })),
    );
  });

  it("for an e-mail no account owns, names no business (never a placeholder) in New York time", async () => {
    const id = await createOrder(`nobody-${randomUUID().slice(0, 6)}@example.com`, "Max", "(415) 555-2671");
    const doc = (await storedVersion(id, 1))!.document as SettingsDocument;
    expect(doc).toEqual(storedDocument(defaultSettings({ aiEmployeeName: "Max", phoneNumber: "(415) 555-2671", businessName: "", timeZone: "America/New_York" })));
    expect(doc.greeting).toBe("Thank you for calling, this is Max. How can I help you today?");
  });

  it("ignores an unverified address's account", async () => {
    const impostor = await createUser({ verified: false });
    const db = await getDb();
    await db.update(organization).set({ name: "Not Them Inc" }).where(eq(organization.id, impostor.id));
    const id = await createOrder(impostor.email, "Zed", "(415) 555-2671");
    expect((await storedVersion(id, 1))!.document as SettingsDocument).toEqual(
      storedDocument(defaultSettings({ aiEmployeeName: "Zed", phoneNumber: "(415) 555-2671", businessName: "", timeZone: "America/New_York" })),
    );
  });
});

describe("claiming an AI employee prepared before its customer signed up", () => {
  async function claim(email: string, orderId: string, accountName: string): Promise<TestUser> {
    const customer = await createUser({ email });
    const db = await getDb();
    await db.update(organization).set({ name: accountName, timeZone: "America/Chicago" }).where(eq(organization.id, customer.id));
    const res = await completeSubscriptionAs(customer, { setupIntentId: await confirmedSetupIntent(customer), planId: "small", billing: "monthly", aiEmployeeId: orderId });
    expect(res.status, await res.clone().text()).toBe(200);
    return customer;
  }

  it("makes the untouched defaults again for the business that claims it (version 2 by the product)", async () => {
    const email = `later-${randomUUID().slice(0, 6)}@example.com`;
    const id = await createOrder(email, "Nova", "(415) 555-2671");
    expect(((await storedVersion(id, 1))!.document as SettingsDocument).greeting).toBe("Thank you for calling, this is Nova. How can I help you today?");
    await claim(email, id, "Lakeside Vets");
    const { versions, row } = await stored(id);
    expect(versions).toBe(2);
    expect(row.currentVersion).toBe(2);
    const v2 = (await storedVersion(id, 2))!;
    expect(v2).toMatchObject({ authorKind: "system", authorName: "HumanFocus AI" });
    expect(v2.changed).toEqual(["greeting", "timeZone"]);
    expect(v2.document as SettingsDocument).toMatchObject({ greeting: "Thank you for calling Lakeside Vets, this is Nova. How can I help you today?", timeZone: "America/Chicago" });
  });

  it("leaves settings a person has already changed as they are", async () => {
    const email = `edited-${randomUUID().slice(0, 6)}@example.com`;
    const id = await createOrder(email, "Nova", "(415) 555-2671");
    // The operator edits the greeting before the customer claims it.
    const db = await getDb();
    const v1 = (await storedVersion(id, 1))!;
    await db
      .insert(aiEmployeeSettingsVersions)
      .values({ aiReadyOrderId: id, version: 2, document: { ...(v1.document as object), greeting: "Hello from Nova." }, changed: ["greeting"], authorKind: "operator", authorName: "operator" });
    expect(await db.update(aiEmployeeSettings).set({ currentVersion: 2 }).where(eq(aiEmployeeSettings.aiReadyOrderId, id)).returning()).toHaveLength(1);
    await claim(email, id, "Lakeside Vets");
    const { versions, row } = await stored(id);
    expect(versions).toBe(2);
    expect(row.currentVersion).toBe(2);
    expect(((await storedVersion(id, 2))!.document as SettingsDocument).greeting).toBe("Hello from Nova.");
  });
});
