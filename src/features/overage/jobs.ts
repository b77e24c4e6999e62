import type { FeatureJobs } from "@/lib/jobs";
import { overageBillJob } from "./overage.server";
import { autoBillOverageJob, scheduleAutoBillOverage } from "./auto-bill.server";

/** Overage's background work: overage invoices, and the automatic billing of finished months. */
export const overageJobs: FeatureJobs = { feature: "overage", jobs: [overageBillJob, autoBillOverageJob], schedules: [scheduleAutoBillOverage] };
