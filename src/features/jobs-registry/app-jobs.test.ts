import { describe, expect, it } from "vitest";
import { z } from "@/lib/zod";
import { defineJob } from "@/lib/jobs";
import { appJobs } from "./app-jobs";
import { usageReportJob } from "@/features/usage/usage.server";
import { overageBillJob } from "@/features/overage/overage.server";
import { orderSetupEmailJob } from "@/features/orders/orders.server";
import { welcomeEmailJob } from "@/features/admin/welcome-email.server";
import { billingSyncJob } from "@/features/billing/webhook.server";
import { sandboxRolloverJob, scheduleSandboxRollover } from "@/features/billing/sandbox-rollover.server";
import { dunningEmailJob } from "@/features/billing/dunning-email.server";
import { emailDeliveryJob } from "@/features/email/email.server";
import { usageAlertsJob } from "@/features/interactions/usage-alerts.server";
import { meterReportJob, meterReportAfterRateLimitJob, scheduleMeterReports } from "@/features/interactions/meter-report.server";
import { retentionJob, scheduleRetention } from "@/features/interactions/retention.server";
import { autoBillOverageJob, scheduleAutoBillOverage } from "@/features/overage/auto-bill.server";
import { deletionCancelJob } from "@/features/account-care/account-closing.server";
import { cardlessSubscribeCleanupJob, enqueueCardlessSubscribeCleanup } from "@/features/billing/trial-cardless-cleanup.server";
import { spendMonthResetJob, scheduleSpendMonthReset } from "@/features/interactions/spend-month-reset.server";
import { platformPushJob } from "@/features/ai-settings/platform-sync.server";
import { smsDeliveryJob } from "@/features/sms/delivery-job.server";
import { webhookDeliveryJob } from "@/features/webhooks/delivery-job.server";
import { webhookCleanupJob, scheduleWebhookCleanup } from "@/features/webhooks/cleanup.server";
import { dailySummaryJob, scheduleDailySummaries } from "@/features/call-alerts/daily-summary.server";
import { callAlertJob, callAlertBurstJob } from "@/features/call-alerts/call-alert-job.server";
import { rollupRepairJob, scheduleRollupRepair } from "@/features/insights/jobs";
import { statisticsJob, scheduleStatistics } from "@/lib/db-statistics";

/**
 * ADR 0141: the one composed list holds every job and schedule the server
 * started before the features declared their own (the 17-import list of
 * instrumentation.ts, copied here as it was, with the insight rollups' repair
 * that issue 26 added beside it, and the database's daily ANALYZE of issue 27), the very same definitions.
 */
const BEFORE = {
  jobs: [
    usageReportJob,
    overageBillJob,
    orderSetupEmailJob,
    welcomeEmailJob,
    billingSyncJob,
    sandboxRolloverJob,
    dunningEmailJob,
    emailDeliveryJob,
    usageAlertsJob,
    meterReportJob,
    meterReportAfterRateLimitJob,
    retentionJob,
    autoBillOverageJob,
    deletionCancelJob,
    cardlessSubscribeCleanupJob,
    spendMonthResetJob,
    platformPushJob,
    smsDeliveryJob,
    webhookDeliveryJob,
    webhookCleanupJob,
    dailySummaryJob,
    callAlertJob,
    callAlertBurstJob,
    rollupRepairJob,
    statisticsJob,
  ],
  schedules: [
    scheduleSandboxRollover,
    scheduleMeterReports,
    scheduleRetention,
    scheduleAutoBillOverage,
    enqueueCardlessSubscribeCleanup,
    scheduleSpendMonthReset,
    scheduleWebhookCleanup,
    scheduleDailySummaries,
    scheduleRollupRepair,
    scheduleStatistics,
  ],
};

describe("the app's one list of jobs", () => {
  it("has every job kind the server ran, by name, each the same definition (schema and handler)", () => {
    const { jobs } = appJobs();
    expect(jobs.map((j) => j.kind).sort()).toEqual(
      [
        "account-care.cancel-subscription",
        "admin.welcome-email",
        "ai-settings.platform-push",
        "billing.cardless-subscribe-cleanup",
        "billing.dunning-email",
        "billing.sandbox-rollover",
        "billing.sync",
        "call-alerts.burst",
        "call-alerts.daily-summary",
        "call-alerts.notify",
        "db.analyze",
        "email.deliver",
        "insights.rollup-repair",
        "interactions.report-meters",
        "interactions.report-meters-after-rate-limit",
        "interactions.retention",
        "interactions.spend-month-reset",
        "interactions.usage-alerts",
        "orders.setup-email",
        "overage.auto-bill",
        "overage.bill",
        "sms.deliver",
        "usage.report-meter-events",
        "webhooks.cleanup",
        "webhooks.deliver",
      ].sort(),
    );
    expect(new Set(jobs)).toEqual(new Set(BEFORE.jobs));
  });

  it("has every schedule the server set up at start, and no other", () => {
    const { schedules } = appJobs();
    expect(schedules).toHaveLength(BEFORE.schedules.length);
    expect(new Set(schedules)).toEqual(new Set(BEFORE.schedules));
  });

  it("refuses a kind declared by two features", () => {
    const twice = defineJob({ kind: "test.twice", schema: z.object({}), handler: async () => {} });
    expect(() =>
      appJobs([
        { feature: "a", jobs: [twice] },
        { feature: "b", jobs: [twice] },
      ]),
    ).toThrow(/"test.twice" is declared by a and b/);
  });
});
