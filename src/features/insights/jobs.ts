import "server-only";
import { z } from "@/lib/zod";
import { defineJob, scheduleJob, type FeatureJobs } from "@/lib/jobs";
import { logger } from "@/lib/logger";

/**
 * The insight rollups' repair job (issue 26, ADR 0137): `{accountId}`
 * rebuilds one account (queued when its time zone changes, or on demand);
 * `{}` (daily) rebuilds every account, one transaction each. Idempotent.
 */
export const rollupRepairJob = defineJob({
  kind: "insights.rollup-repair",
  schema: z.object({ accountId: z.string().min(1).optional() }),
  handler: async ({ accountId }) => {
    const { rebuildAccountRollups, rollupAccounts } = await import("./rollups.server");
    if (accountId) return rebuildAccountRollups(accountId);
    const accounts = await rollupAccounts();
    for (const id of accounts) await rebuildAccountRollups(id);
    logger.info({ accounts: accounts.length }, "insight rollups rebuilt");
  },
});

/** Every day at 04:41 UTC. */
export async function scheduleRollupRepair(): Promise<void> {
  await scheduleJob(rollupRepairJob, "41 4 * * *", {});
}

/** Insights' background work: the rollups' repair, daily and on demand. */
export const insightsJobs: FeatureJobs = { feature: "insights", jobs: [rollupRepairJob], schedules: [scheduleRollupRepair] };
