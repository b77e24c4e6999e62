import type { FeatureJobs } from "@/lib/jobs";
import { dailySummaryJob, scheduleDailySummaries } from "./daily-summary.server";
import { callAlertBurstJob, callAlertJob } from "./call-alert-job.server";

/** Call notifications' background work: each call's alert, the SMS burst summary and the daily summary. */
export const callAlertsJobs: FeatureJobs = { feature: "call-alerts", jobs: [dailySummaryJob, callAlertJob, callAlertBurstJob], schedules: [scheduleDailySummaries] };
