import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { aiEmployeeSettings, aiEmployeeSettingsVersions } from "@/db/schema";
import { platformPushJob } from "@/features/ai-settings/platform-sync.server";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { json, settingsApi, type SettingsResponse, type SyncStatus } from "./ai-settings-helpers";
import { withRetellFake, type RetellFake } from "./retell-fake";

/**
 * Issue 24: a saved version reaches the voice platform through the durable
 * push job: the embedded default goes live at once; Retell (the loopback
 * fake) gets the LLM and agent created, then updated; the platform down
 * keeps the saved version and says why and when it retries; back up, it goes live.
 */

beforeAll(async () => {
  await startJobs({ jobs: [platformPushJob], workers: false });
});

const row = async (orderId: string) => (await (await getDb()).select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId)))[0]!;
const versionCount = async (orderId: string) => (await getDb()).$count(aiEmployeeSettingsVersions, eq(aiEmployeeSettingsVersions.aiReadyOrderId, orderId));

async function save(c: Awaited<ReturnType<typeof customerWithAiEmployee>>, change: (s: SettingsResponse["settings"]) => SettingsResponse["settings"]): Promise<SettingsResponse> {
  const api = settingsApi(c.user);
  const current = await json<SettingsResponse>(await api.get(c.orderId));
  return json<SettingsResponse>(await api.put(c.orderId, { baseVersion: current.version, settings: change(current.settings) }));
}

describe("the embedded default platform", () => {
  it("shows Updating… after a save, then Live with the version once the push ran", async () => {
    const c = await customerWithAiEmployee();
    const first = await json<SettingsResponse>(await settingsApi(c.user).get(c.orderId));
    expect(first.sync).toMatchObject({ state: "updating", liveVersion: null, platform: "local" });
    await drainJobs();
    const live = await json<SettingsResponse>(await settingsApi(c.user).get(c.orderId));
    expect(live.sync).toMatchObject({ state: "live", liveVersion: 1, error: null, nextRetryAt: null });
    expect(Date.parse(live.sync.liveSince!)).toBeGreaterThan(Date.now() - 60_000);

    const saved = await save(c, (s) => ({ ...s, greeting: "Hi, this is Nova at the front desk." }));
    expect(saved.version).toBe(2);
    expect(saved.sync.state).toBe("updating");
    await drainJobs();
    expect((await row(c.orderId)).liveVersion).toBe(2);
  });
});

describe("Retell (loopback fake)", () => {
  let fake: RetellFake;
  withRetellFake("key_retell_sync_test_0123456789", (f) => (fake = f));

  it("creates the LLM and the agent once, then updates them with each version", async () => {
    const c = await customerWithAiEmployee();
    await settingsApi(c.user).get(c.orderId);
    await drainJobs();
    expect(fake.calls("POST", "/create-retell-llm")).toHaveLength(1);
    expect(fake.calls("POST", "/create-agent")).toHaveLength(1);
    const r = await row(c.orderId);
    expect(r).toMatchObject({ syncState: "live", liveVersion: 1 });
    expect(fake.llms.has(r.platformLlmId!)).toBe(true);
    expect(fake.agents.has(r.platformAgentId!)).toBe(true);

    await save(c, (s) => ({ ...s, greeting: "Good day, Nova speaking." }));
    await drainJobs();
    // Updated in place: still one LLM and one agent for this AI employee, with the new greeting.
    expect(fake.calls("POST", "/create-retell-llm")).toHaveLength(1);
    const llm = fake.llms.get(r.platformLlmId!)!;
    expect(String(llm.begin_message)).toContain("Good day, Nova speaking.");
    expect((await row(c.orderId)).liveVersion).toBe(2);
  });

  it("down: the version stays saved, the page says why and when it retries; back up, it goes live", async () => {
    const c = await customerWithAiEmployee();
    await settingsApi(c.user).get(c.orderId);
    await drainJobs();
    fake.down("unavailable");
    const saved = await save(c, (s) => ({ ...s, description: "Family dentistry since 1998." }));
    await drainJobs();
    const failed = await json<SettingsResponse>(await settingsApi(c.user).get(c.orderId));
    expect(failed.version).toBe(2);
    expect(await versionCount(c.orderId)).toBe(2);
    expect(failed.settings.description).toBe("Family dentistry since 1998.");
    expect(failed.sync.state).toBe("failed");
    expect(failed.sync.error).toContain("unavailable");
    expect(failed.sync.liveVersion).toBe(1);
    const wait = Date.parse(failed.sync.nextRetryAt!) - Date.now();
    expect(wait).toBeGreaterThan(4 * 60_000);
    expect(wait).toBeLessThanOrEqual(5 * 60_000);
    expect(saved.version).toBe(2);

    // Still down when the retry comes due: still failed.
    await makeJobsDue();
    await drainJobs();
    expect((await row(c.orderId)).syncState).toBe("failed");

    // Back up: "Retry now" goes live at once.
    fake.up();
    const retried = await json<SyncStatus>(await settingsApi(c.user).sync(c.orderId));
    expect(retried.state).toBe("updating");
    await drainJobs();
    expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: 2, syncError: null, nextRetryAt: null });
  });

  it("a refusal the platform would repeat is shown and not retried on its own", async () => {
    const c = await customerWithAiEmployee();
    await settingsApi(c.user).get(c.orderId);
    await drainJobs();
    fake.failNext("PATCH", /^\/update-retell-llm\//, 400, "general_prompt is too long");
    await save(c, (s) => ({ ...s, greeting: "Hello there." }));
    await drainJobs();
    expect(await row(c.orderId)).toMatchObject({ syncState: "failed", syncError: "general_prompt is too long", nextRetryAt: null, liveVersion: 1 });
  });
});
