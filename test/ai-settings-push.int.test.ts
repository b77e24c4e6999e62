import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { drainJobs, makeJobsDue } from "@/lib/jobs/testing.server";
import { aiEmployeeSettings } from "@/db/schema";
import { pushSettings } from "@/features/ai-settings/platform-push.server";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { json, settingsApi, type SettingsResponse, type SyncStatus } from "./ai-settings-helpers";
import { withRetellFake, type RetellFake } from "./retell-fake";

/**
 * Issue 24, the push to Retell (the loopback fake) beyond the happy path: a
 * push overtaken by a newer save does not claim to be live; a repeat after a
 * successful create updates instead of creating a second LLM or agent; one
 * deleted on Retell's side is created again and its id kept; two runs at once
 * take turns; the platform unreachable is a reason and a retry in 5 minutes.
 */

const KEY = "key_retell_push_test_0123456789";
let fake: RetellFake;
withRetellFake(KEY, (f) => (fake = f), { each: true });

type Customer = Awaited<ReturnType<typeof customerWithAiEmployee>>;

const row = async (orderId: string) => (await (await getDb()).select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId)))[0]!;

async function save(c: Customer, change: (s: SettingsResponse["settings"]) => SettingsResponse["settings"]): Promise<SettingsResponse> {
  const api = settingsApi(c.user);
  const current = await json<SettingsResponse>(await api.get(c.orderId));
  return json<SettingsResponse>(await api.put(c.orderId, { baseVersion: current.version, settings: change(current.settings) }));
}

/** An AI employee whose version 1 is live on the fake. */
async function liveOnRetell(): Promise<Customer> {
  const c = await customerWithAiEmployee();
  await settingsApi(c.user).get(c.orderId);
  await drainJobs();
  expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: 1 });
  return c;
}

/** LLMs and agents Retell created (201s). */
const creates = () => ["/create-retell-llm", "/create-agent"].map((p) => fake.calls("POST", p).filter((r) => r.status === 201).length);

describe("pushing settings to Retell", () => {
  it("sends the create, then the update, with the greeting as the first sentence and in the prompt's business", async () => {
    const c = await liveOnRetell();
    await save(c, (s) => ({ ...s, greeting: "Bayview Plumbing, this is Nova. What can I fix for you?", description: "Plumbing and heating in San Francisco since 1998." }));
    await drainJobs();
    expect(fake.requests.map((r) => `${r.method} ${r.path.split("/")[1]} ${r.status}`)).toEqual([
      "POST create-retell-llm 201",
      "POST create-agent 201",
      "PATCH update-retell-llm 200",
      "PATCH update-agent 200",
    ]);
    const update = fake.requests[2]!.body as { begin_message: string; general_prompt: string };
    expect(update.begin_message).toContain("Bayview Plumbing, this is Nova. What can I fix for you?");
    expect(update.general_prompt).toContain("Plumbing and heating in San Francisco since 1998.");
    expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: 2, liveSpendMode: "normal" });
  });

  it("a push overtaken by a save while it ran does not mark the row live; the newer push does", async () => {
    const c = await liveOnRetell();
    await save(c, (s) => ({ ...s, greeting: "Version two greeting." }));
    let seen = 0;
    let duringNewerPush: Awaited<ReturnType<typeof row>> | null = null;
    fake.onRequest = async () => {
      seen += 1;
      // While version 2 is being pushed, version 3 is saved (its push is queued behind this one).
      if (seen === 1) await save(c, (s) => ({ ...s, greeting: "Version three greeting." }));
      // The next push's first request: the overtaken push has finished without claiming version 2 is live.
      if (seen === 3) duringNewerPush = await row(c.orderId);
    };
    await drainJobs();
    expect(duringNewerPush).toMatchObject({ syncState: "updating", liveVersion: 1, currentVersion: 3 });
    expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: 3 });
    expect(String([...fake.llms.values()][0]!.begin_message)).toContain("Version three greeting.");
  });

  it("a repeat after a successful create updates what was created: one LLM, one agent", async () => {
    const c = await customerWithAiEmployee();
    await settingsApi(c.user).get(c.orderId);
    fake.failNext("POST", /^\/create-agent$/, 500, "An unexpected server error occurred.");
    await drainJobs();
    const failed = await row(c.orderId);
    expect(failed).toMatchObject({ syncState: "failed", syncError: "An unexpected server error occurred.", platformAgentId: null });
    // The LLM's id was kept the moment Retell answered it.
    expect(fake.llms.has(failed.platformLlmId!)).toBe(true);

    await makeJobsDue();
    await drainJobs();
    expect(creates()).toEqual([1, 1]);
    expect(fake.calls("PATCH", "/update-retell-llm/")).toHaveLength(1);
    const live = await row(c.orderId);
    expect(live).toMatchObject({ syncState: "live", liveVersion: 1, platformLlmId: failed.platformLlmId });
    expect(fake.agents.get(live.platformAgentId!)?.response_engine).toEqual({ type: "retell-llm", llm_id: failed.platformLlmId });

    // The same version pushed again ("Retry now"): updates only.
    await json<SyncStatus>(await settingsApi(c.user).sync(c.orderId));
    await drainJobs();
    expect(creates()).toEqual([1, 1]);
    expect([fake.llms.size, fake.agents.size]).toEqual([1, 1]);
  });

  it("an LLM and agent deleted on Retell's side are created again, and the new ids kept", async () => {
    const c = await liveOnRetell();
    const before = await row(c.orderId);
    fake.llms.delete(before.platformLlmId!);
    fake.agents.delete(before.platformAgentId!);
    await save(c, (s) => ({ ...s, greeting: "We are back." }));
    await drainJobs();
    const after = await row(c.orderId);
    expect(after).toMatchObject({ syncState: "live", liveVersion: 2 });
    expect(after.platformLlmId).not.toBe(before.platformLlmId);
    expect([fake.llms.has(after.platformLlmId!), fake.agents.has(after.platformAgentId!)]).toEqual([true, true]);
    expect(fake.agents.get(after.platformAgentId!)?.response_engine).toEqual({ type: "retell-llm", llm_id: after.platformLlmId });
    expect(creates()).toEqual([2, 2]);
  });

  it("two runs at once for one AI employee take turns: the first push creates one LLM and one agent", async () => {
    const c = await customerWithAiEmployee();
    await settingsApi(c.user).get(c.orderId);
    const run = { attempt: 1, maxAttempts: 1 };
    await Promise.all([pushSettings(c.orderId, run), pushSettings(c.orderId, run)]);
    expect(creates()).toEqual([1, 1]);
    expect(fake.calls("PATCH", "/update-retell-llm/")).toHaveLength(1);
    expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: 1 });
  });

  it("Retell unreachable: failed with the reason, the next try in 5 minutes, the saved version kept; reachable again: live", async () => {
    const c = await liveOnRetell();
    fake.down("refusing");
    const saved2 = await save(c, (s) => ({ ...s, greeting: "Saved while Retell was away." }));
    const started = Date.now();
    await drainJobs();
    const failed = await row(c.orderId);
    expect(failed).toMatchObject({ syncState: "failed", syncError: "Retell could not be reached", currentVersion: saved2.version, liveVersion: 1 });
    const wait = failed.nextRetryAt!.getTime() - started;
    expect(wait).toBeGreaterThan(4.9 * 60_000);
    expect(wait).toBeLessThan(5.1 * 60_000);
    const page = await json<SettingsResponse>(await settingsApi(c.user).get(c.orderId));
    expect(page.settings.greeting).toBe("Saved while Retell was away.");
    expect(page.sync).toMatchObject({ state: "failed", error: "Retell could not be reached", platform: "retell" });

    fake.up();
    await makeJobsDue();
    await drainJobs();
    expect(await row(c.orderId)).toMatchObject({ syncState: "live", liveVersion: saved2.version, syncError: null, nextRetryAt: null });
  });
});
