import type { FeatureJobs } from "@/lib/jobs";
import { billingSyncJob } from "./webhook.server";
import { sandboxRolloverJob, scheduleSandboxRollover } from "./sandbox-rollover.server";
import { dunningEmailJob } from "./dunning-email.server";
import { cardlessSubscribeCleanupJob, enqueueCardlessSubscribeCleanup } from "./trial-cardless-cleanup.server";

/** Billing's background work: the provider sync, the sandbox's roll-over, dunning e-mails and the one-off card-less clean-up. */
export const billingJobs: FeatureJobs = {
  feature: "billing",
  jobs: [billingSyncJob, sandboxRolloverJob, dunningEmailJob, cardlessSubscribeCleanupJob],
  schedules: [scheduleSandboxRollover, enqueueCardlessSubscribeCleanup],
};
