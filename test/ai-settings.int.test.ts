import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, auditEvents, organization } from "@/db/schema";
import { decryptBookingKey } from "@/features/ai-settings/booking-key.server";
import { defaultSettings } from "@/features/ai-settings/default-settings";
import { enqueueSettingsPush } from "@/features/ai-settings/platform-sync.server";
import type { SettingsDocument } from "@/features/ai-settings/settings.schema";
import { storedDocument } from "@/features/ai-settings/stored-document";
import { createUser, type TestUser } from "./http-helpers";
import { memberOf } from "./account-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { errorOf, json, settingsApi, stored, storedVersion, type SettingsResponse, type SyncStatus, type VersionsResponse } from "./ai-settings-helpers";

// The push to the voice platform is helper B's; here it is watched (and still runs).
vi.mock("@/features/ai-settings/platform-sync.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/features/ai-settings/platform-sync.server")>();
  return { ...original, enqueueSettingsPush: vi.fn(original.enqueueSettingsPush) };
});
const pushes = () => vi.mocked(enqueueSettingsPush).mock.calls.map(([, orderId, reason]) => `${orderId} ${reason}`);

/** Issue 24: the settings API (ADR 0123): versions, 409 on a stale save, the booking key, who may do what. */

let owner: TestUser;
let orderId: string;
let phone: string;
let admin: TestUser;

const rule = (number: string) => ({
  label: "Emergencies",
  when: "the caller has a dental emergency",
  announcement: "Let me put you through to the dentist on call.",
  numbers: [{ number, ringSeconds: 20 }],
  fallback: "message",
});

async function fresh(): Promise<{ owner: TestUser; orderId: string; phone: string }> {
  const c = await customerWithAiEmployee();
  return { owner: c.user, orderId: c.orderId, phone: c.phone };
}

beforeAll(async () => {
  ({ owner, orderId, phone } = await fresh());
  admin = await createUser({ role: "admin" });
  const db = await getDb();
  await db.update(organization).set({ name: "Bright Smile Dental", timeZone: "America/Chicago" }).where(eq(organization.id, owner.id));
});

beforeEach(() => {
  vi.mocked(enqueueSettingsPush).mockClear();
});

describe("reading the settings", () => {
  it("creates version 1 from the defaults once, however many ask at the same time", async () => {
    const api = settingsApi(owner);
    const [a, b] = await Promise.all([api.get(orderId), api.get(orderId)]);
    const first = await json<SettingsResponse>(a);
    const second = await json<SettingsResponse>(b);
    expect(first.version).toBe(1);
    expect(second.version).toBe(1);
    expect((await stored(orderId)).versions).toBe(1);
    expect(pushes()).toEqual([`${orderId} version:1`]);
    expect(first.settings.booking.apiKeyMasked).toBeNull();
    const expected = defaultSettings({ aiEmployeeName: "Nova", phoneNumber: phone, businessName: "Bright Smile Dental", timeZone: "America/Chicago" });
    expect(storedDocument(first.settings)).toEqual(storedDocument(expected));
    expect(first.updatedBy).toEqual({ kind: "system", name: "HumanFocus AI" });
    expect(first.aiEmployee).toEqual({ id: orderId, name: "Nova", phoneNumber: phone, accountName: "Bright Smile Dental" });
    expect(first.canEdit).toBe(true);
    expect(first.displayTimeZone).toBe("America/Chicago");
    expect(first.spendMode).toEqual({ messagesOnly: false, since: null, until: null });
    expect(["updating", "live", "failed"]).toContain(first.sync.state);
    // A later read creates nothing.
    await json(await api.get(orderId));
    expect((await stored(orderId)).versions).toBe(1);
  });

  it("starts in America/New_York while the account has no zone, with the e-mail's account naming the business", async () => {
    const other = await fresh();
    const db = await getDb();
    await db.update(aiReadyOrders).set({ accountId: null }).where(eq(aiReadyOrders.id, other.orderId));
    // Unclaimed: reachable from the console only; the owner of the e-mail's account names the business.
    const res = await json<SettingsResponse>(await settingsApi(admin, { admin: true }).get(other.orderId));
    expect(res.settings.timeZone).toBe("America/New_York");
    const [org] = await db.select({ name: organization.name }).from(organization).where(eq(organization.id, other.owner.id));
    expect(storedDocument(res.settings)).toEqual(storedDocument(defaultSettings({ aiEmployeeName: "Nova", phoneNumber: other.phone, businessName: org!.name, timeZone: "America/New_York" })));
    expect(res.aiEmployee.accountName).toBeNull();
    expect((await settingsApi(other.owner).get(other.orderId)).status).toBe(404);
  });

  it("lists the account's own AI employees", async () => {
    const body = await json<{ aiEmployees: { id: string; name: string; phoneNumber: string; status: string }[] }>(await settingsApi(owner).list());
    expect(body.aiEmployees).toEqual([{ id: orderId, name: "Nova", phoneNumber: phone, status: "active" }]);
  });
});

/** The owner's settings API, the current settings it answers and what is stored before a save. */
async function beforeSaving() {
  const api = settingsApi(owner);
  const current = await json<SettingsResponse>(await api.get(orderId));
  return { api, current, before: await stored(orderId) };
}

/** Nothing stored changed since `before`, and nothing was pushed to the platform. */
async function expectNothingChanged(before: Awaited<ReturnType<typeof stored>>) {
  expect(await stored(orderId)).toEqual(before);
  expect(pushes()).toEqual([]);
}

describe("saving", () => {
  it("stores a new version with what changed and who changed it, logs it and pushes it", async () => {
    const api = settingsApi(owner);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const settings = { ...current.settings, greeting: "Bright Smile Dental, this is Nova.", answers: [{ question: "Do you take Delta Dental?", answer: "Yes, we do." }] };
    const saved = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings }));
    expect(saved.version).toBe(current.version + 1);
    expect(saved.settings.greeting).toBe("Bright Smile Dental, this is Nova.");
    expect(saved.updatedBy).toEqual({ kind: "member", name: "Test User" });
    const history = await json<VersionsResponse>(await api.versions(orderId));
    expect(history.current).toBe(saved.version);
    expect(history.versions[0]).toMatchObject({ version: saved.version, author: { kind: "member", name: "Test User" }, changed: ["greeting", "answers"], restoredFrom: null });
    expect(history.versions.map((v) => v.version)).toEqual([saved.version, current.version]);
    expect(pushes()).toEqual([`${orderId} version:${saved.version}`]);
    const db = await getDb();
    const logged = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, owner.id), eq(auditEvents.action, "settings.changed")));
    expect(logged.map((e) => [e.actorUserId, e.detail])).toContainEqual([owner.id, `Nova: version ${saved.version} (Greeting, Answers)`]);
  });

  it("answers the current version and stores nothing when nothing changed", async () => {
    const { api, current, before } = await beforeSaving();
    const same = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings: current.settings }));
    expect(same.version).toBe(current.version);
    await expectNothingChanged(before);
  });

  it("refuses a save that did not start from the current version (409) and changes nothing", async () => {
    const { api, current, before } = await beforeSaving();
    const res = await api.put(orderId, { baseVersion: current.version - 1, settings: { ...current.settings, name: "Someone else" } });
    const err = await errorOf(res);
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/^These settings were changed by Test User at [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}\. Reload to get their version, then make your change again\.$/);
    expect(err.currentVersion).toBe(current.version);
    await expectNothingChanged(before);
  });

  it("lets only one of two saves from the same version through at once; the other gets 409", async () => {
    const { api, current, before } = await beforeSaving();
    const answers = await Promise.all(["First greeting.", "Second greeting."].map((greeting) => api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, greeting } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await stored(orderId);
    expect(after.versions).toBe(before.versions + 1);
    expect(after.row!.currentVersion).toBe(current.version + 1);
  });

  it("refuses bad input with the field named, storing nothing", async () => {
    const { api, current, before } = await beforeSaving();
    const bad = async (body: unknown) => {
      const err = await errorOf(await api.put(orderId, body));
      expect(err.status).toBe(400);
      return err.message;
    };
    expect(await bad({ baseVersion: current.version, settings: { ...current.settings, transferRules: [rule("555")] } })).toContain(
      'transferRules.0.numbers.0.number: "555" is not a valid phone number',
    );
    expect(await bad({ baseVersion: current.version, settings: { ...current.settings, colour: "blue" } })).toMatch(/colour/);
    expect(await bad({ baseVersion: current.version, settings: { ...current.settings, answers: [{ question: "", answer: "x" }] } })).toBe("answers.0.question: is required");
    expect(await bad({ baseVersion: "one", settings: current.settings })).toMatch(/^baseVersion: /);
    expect(await bad("{not json")).toBe("Request body must be valid JSON");
    expect(await bad({})).toMatch(/baseVersion/);
    await expectNothingChanged(before);
  });

  it("refuses overlapping hours, naming the day, storing nothing", async () => {
    const { api, current, before } = await beforeSaving();
    const hours = {
      ...current.settings.hours,
      mon: [
        { open: "09:00", close: "13:00" },
        { open: "12:00", close: "17:00" },
      ],
    };
    const err = await errorOf(await api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, hours } }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/^hours\.mon/);
    expect(await stored(orderId)).toEqual(before);
  });

  it("stores transfer numbers in E.164", async () => {
    const api = settingsApi(owner);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const saved = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, transferRules: [rule("(212) 555-0100")] } }));
    expect(saved.settings.transferRules[0]!.numbers[0]!.number).toBe("+12125550100");
    expect(((await storedVersion(orderId, saved.version))!.document as SettingsDocument).transferRules[0]!.numbers[0]!.number).toBe("+12125550100");
  });
});

describe("the Cal.com key", () => {
  const KEY = `cal_live_${randomUUID().replaceAll("-", "")}1a2b`;

  it("is required to turn booking on", async () => {
    const other = await fresh();
    const api = settingsApi(other.owner);
    const current = await json<SettingsResponse>(await api.get(other.orderId));
    const err = await errorOf(await api.put(other.orderId, { baseVersion: 1, settings: { ...current.settings, booking: { enabled: true, provider: "cal.com", eventTypeId: 42 } } }));
    expect(err).toEqual({ status: 400, message: "booking.apiKey: is required to turn booking on" });
    expect((await stored(other.orderId)).versions).toBe(1);
  });

  it("is stored encrypted, shown masked, and never answered", async () => {
    const api = settingsApi(owner);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const put = await api.put(orderId, {
      baseVersion: current.version,
      settings: { ...current.settings, booking: { enabled: true, provider: "cal.com", eventTypeId: 42, apiKey: KEY, apiKeyMasked: "ignored" } },
    });
    const putText = await put.text();
    expect(put.status).toBe(200);
    const saved = JSON.parse(putText) as SettingsResponse;
    expect(saved.settings.booking).toEqual({ enabled: true, provider: "cal.com", eventTypeId: 42, apiKeyMasked: "••••1a2b" });
    const { row } = await stored(orderId);
    expect(row!.bookingKeyCiphertext).not.toContain(KEY);
    expect(row!.bookingKeyLast4).toBe("1a2b");
    expect(decryptBookingKey(row!.bookingKeyCiphertext!)).toBe(KEY);
    expect(JSON.stringify((await storedVersion(orderId, saved.version))!.document)).not.toContain(KEY);
    const answers = [
      putText,
      await (await api.get(orderId)).text(),
      await (await api.versions(orderId)).text(),
      await (await settingsApi(admin, { admin: true }).get(orderId)).text(),
      await (await settingsApi(admin, { admin: true }).versions(orderId)).text(),
    ];
    for (const text of answers) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('apiKey"');
      expect(text).toContain("••••1a2b");
    }
  });

  it("is kept when a save sends none, and a new one replaces it", async () => {
    const api = settingsApi(owner);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const before = (await stored(orderId)).row!.bookingKeyCiphertext;
    const kept = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, greeting: "Hello from Bright Smile." } }));
    expect((await stored(orderId)).row!.bookingKeyCiphertext).toBe(before);
    expect(kept.settings.booking.apiKeyMasked).toBe("••••1a2b");
    const replaced = await json<SettingsResponse>(
      await api.put(orderId, { baseVersion: kept.version, settings: { ...kept.settings, booking: { ...kept.settings.booking, apiKey: "cal_live_another_key_9z9z" } } }),
    );
    expect(replaced.version).toBe(kept.version + 1);
    expect(replaced.settings.booking.apiKeyMasked).toBe("••••9z9z");
    const history = await json<VersionsResponse>(await api.versions(orderId));
    expect(history.versions[0]!.changed).toEqual(["booking"]);
  });
});

describe("history and restore", () => {
  it("restores an old version as a new one, equal to the old document", async () => {
    const api = settingsApi(owner);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const v1 = (await json<VersionsResponse>(await api.versions(orderId))).versions.find((v) => v.version === 1)!;
    const restored = await json<SettingsResponse>(await api.restore(orderId, "1"));
    expect(restored.version).toBe(current.version + 1);
    expect(restored.settings).toEqual(v1.settings);
    const history = await json<VersionsResponse>(await api.versions(orderId));
    expect(history.versions[0]).toMatchObject({ version: restored.version, restoredFrom: 1, author: { kind: "member", name: "Test User" } });
    expect(history.versions[0]!.changed).toEqual(expect.arrayContaining(["greeting", "answers", "transferRules", "booking"]));
    expect(pushes()).toEqual([`${orderId} version:${restored.version}`]);
    // The key is not versioned: it stays.
    expect(restored.settings.booking.apiKeyMasked).toBe("••••9z9z");
  });

  it("answers 404 for a version that does not exist, 400 for one that is not a number, 409 when stale", async () => {
    const api = settingsApi(owner);
    const before = await stored(orderId);
    expect(await errorOf(await api.restore(orderId, "999"))).toEqual({ status: 404, message: "Version not found" });
    expect((await errorOf(await api.restore(orderId, "two"))).status).toBe(400);
    const stale = await errorOf(await api.restore(orderId, "1", { baseVersion: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.currentVersion).toBe(before.row!.currentVersion);
    expect(await stored(orderId)).toEqual(before);
  });
});

describe("the preview and the sync line", () => {
  it("refuses a time that is not ISO", async () => {
    expect(await errorOf(await settingsApi(owner).preview(orderId, "Saturday night"))).toEqual({ status: 400, message: "at: must be an ISO time" });
  });

  it("shows what a caller hears on a Saturday at 22:00 (closed)", async () => {
    const body = await json<{ open: boolean; timeZone: string; spoken: { kind: string } }>(await settingsApi(owner).preview(orderId, "2026-11-28T22:00"));
    expect(body.open).toBe(false);
    expect(body.spoken.kind).toBe("after-hours");
  });

  it("retries the push on demand and answers the sync line", async () => {
    const res = await json<SyncStatus>(await settingsApi(owner).sync(orderId));
    expect(["updating", "live", "failed"]).toContain(res.state);
  });
});

describe("who may do what", () => {
  it("lets staff read but not save", async () => {
    const staff = await memberOf(owner.id, "staff", { alone: true });
    const api = settingsApi(staff);
    const current = await json<SettingsResponse>(await api.get(orderId));
    expect(current.canEdit).toBe(false);
    expect((await api.versions(orderId)).status).toBe(200);
    const before = await stored(orderId);
    const refusals = [await api.put(orderId, { baseVersion: current.version, settings: current.settings }), await api.restore(orderId, "1"), await api.sync(orderId)];
    for (const res of refusals) expect(await errorOf(res)).toEqual({ status: 403, message: "Your role (Staff) does not allow you to change settings (settings.edit)." });
    expect(await stored(orderId)).toEqual(before);
  });

  it("lets a manager save", async () => {
    const manager = await memberOf(owner.id, "manager", { alone: true, email: `dana-${randomUUID().slice(0, 6)}@example.com` });
    const api = settingsApi(manager);
    const current = await json<SettingsResponse>(await api.get(orderId));
    const saved = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, description: "Family dentistry since 1998." } }));
    expect(saved.version).toBe(current.version + 1);
  });

  it("answers 404 for another account's AI employee on every route, and changes nothing", async () => {
    const stranger = (await fresh()).owner;
    const api = settingsApi(stranger);
    const before = await stored(orderId);
    const answers = [
      await api.get(orderId),
      await api.put(orderId, { baseVersion: before.row!.currentVersion, settings: {} }),
      await api.versions(orderId),
      await api.restore(orderId, "1"),
      await api.sync(orderId),
      await api.preview(orderId),
      await api.preview(orderId, "not a time"),
    ];
    for (const res of answers) expect(await errorOf(res)).toEqual({ status: 404, message: "AI employee not found" });
    await expectNothingChanged(before);
  });

  it("lets an operator admin save from the console, shown as 'operator'", async () => {
    const api = settingsApi(admin, { admin: true });
    const current = await json<SettingsResponse>(await api.get(orderId));
    expect(current.canEdit).toBe(true);
    const saved = await json<SettingsResponse>(await api.put(orderId, { baseVersion: current.version, settings: { ...current.settings, greeting: "Operator's greeting." } }));
    expect(saved.updatedBy).toEqual({ kind: "operator", name: "operator" });
    const history = await json<VersionsResponse>(await settingsApi(owner).versions(orderId));
    expect(history.versions[0]).toMatchObject({ version: saved.version, author: { kind: "operator", name: "operator" }, changed: ["greeting"] });
    // The owner's next stale save names the operator.
    const stale = await errorOf(await settingsApi(owner).put(orderId, { baseVersion: current.version, settings: current.settings }));
    expect(stale.message).toMatch(/^These settings were changed by operator at /);
    expect(await errorOf(await api.get(randomUUID()))).toEqual({ status: 404, message: "AI employee not found" });
  });

  it("refuses the console to a customer", async () => {
    expect((await settingsApi(owner, { admin: true }).get(orderId)).status).toBe(403);
  });
});
