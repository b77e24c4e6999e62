import type { FeatureJobs } from "@/lib/jobs";
import { usageAlertsJob } from "./usage-alerts.server";
import { meterReportAfterRateLimitJob, meterReportJob, scheduleMeterReports } from "./meter-report.server";
import { retentionJob, scheduleRetention } from "./retention.server";
import { scheduleSpendMonthReset, spendMonthResetJob } from "./spend-month-reset.server";

/** Calls and messages' background work: usage alerts, meter reports, retention and the spend limit's monthly reset. */
export const interactionsJobs: FeatureJobs = {
  feature: "interactions",
  jobs: [usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob, retentionJob, spendMonthResetJob],
  schedules: [scheduleMeterReports, scheduleRetention, scheduleSpendMonthReset],
};
