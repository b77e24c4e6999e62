import type { AnyJobDefinition, FeatureJobs } from "@/lib/jobs";
import { accountCareJobs } from "@/features/account-care/jobs";
import { adminJobs } from "@/features/admin/jobs";
import { aiSettingsJobs } from "@/features/ai-settings/jobs";
import { billingJobs } from "@/features/billing/jobs";
import { callAlertsJobs } from "@/features/call-alerts/jobs";
import { emailJobs } from "@/features/email/jobs";
import { insightsJobs } from "@/features/insights/jobs";
import { interactionsJobs } from "@/features/interactions/jobs";
import { ordersJobs } from "@/features/orders/jobs";
import { overageJobs } from "@/features/overage/jobs";
import { smsJobs } from "@/features/sms/jobs";
import { usageJobs } from "@/features/usage/jobs";
import { webhooksJobs } from "@/features/webhooks/jobs";
import { databaseJobs } from "@/lib/db-statistics";

/**
 * The one list of the app's background work (ADR 0141): every feature's
 * `jobs.ts`. The server starts all of it (instrumentation.ts) and the
 * integration tests register the same kinds (test/integration-setup.ts).
 * A feature that adds a job kind or a schedule adds it to its own jobs.ts;
 * a feature that gets its first job adds its jobs.ts here.
 */
export const FEATURE_JOBS: readonly FeatureJobs[] = [
  usageJobs,
  overageJobs,
  ordersJobs,
  adminJobs,
  billingJobs,
  emailJobs,
  interactionsJobs,
  accountCareJobs,
  aiSettingsJobs,
  smsJobs,
  webhooksJobs,
  callAlertsJobs,
  insightsJobs,
  databaseJobs,
];

/** Every job kind and every schedule set-up of the app, in one list each (a kind named twice throws). */
export function appJobs(features: readonly FeatureJobs[] = FEATURE_JOBS): { jobs: AnyJobDefinition[]; schedules: Array<() => Promise<void>> } {
  const jobs: AnyJobDefinition[] = [];
  const owner = new Map<string, string>();
  for (const f of features) {
    for (const job of f.jobs) {
      const other = owner.get(job.kind);
      if (other) throw new Error(`job kind "${job.kind}" is declared by ${other} and ${f.feature}: each kind belongs to one feature's jobs.ts`);
      owner.set(job.kind, f.feature);
      jobs.push(job);
    }
  }
  return { jobs, schedules: features.flatMap((f) => f.schedules ?? []) };
}
