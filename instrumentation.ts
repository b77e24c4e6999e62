/**
 * Runs once when the server starts: validates configuration (a bad value
 * stops start-up with a message naming it), opens and migrates the database,
 * seeds demo data when the database is empty, and starts background workers.
 *
 * The composition root: the one place that knows every feature's durable job
 * kinds and hands them to the job queue (src/lib imports no feature).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startServer }, { usageReportJob }, { overageBillJob }, { orderSetupEmailJob }, { welcomeEmailJob }, { billingSyncJob }, { sandboxRolloverJob, scheduleSandboxRollover }, { dunningEmailJob }, { emailDeliveryJob }, { smtpStartCheck }, { oidcStartCheck }, { s3StartCheck }, { usageAlertsJob }, { meterReportJob, meterReportAfterRateLimitJob, scheduleMeterReports }, { retentionJob, scheduleRetention }, { autoBillOverageJob, scheduleAutoBillOverage }, { seedDemoActivity }, { deletionCancelJob }, { cardlessSubscribeCleanupJob, enqueueCardlessSubscribeCleanup }, { spendMonthResetJob, scheduleSpendMonthReset }, { platformPushJob }, { smsDeliveryJob }, { webhookDeliveryJob }, { webhookCleanupJob, scheduleWebhookCleanup }, { dailySummaryJob, scheduleDailySummaries }, { callAlertJob, callAlertBurstJob }, { rollupRepairJob, scheduleRollupRepair }] = await Promise.all([
    import("@/lib/server-start"),
    import("@/features/usage/usage.server"),
    import("@/features/overage/overage.server"),
    import("@/features/orders/orders.server"),
    import("@/features/admin/welcome-email.server"),
    import("@/features/billing/webhook.server"),
    import("@/features/billing/sandbox-rollover.server"),
    import("@/features/billing/dunning-email.server"),
    import("@/features/email/email.server"),
    import("@/features/email/smtp.server"),
    import("@/features/auth/oidc-start-check.server"),
    import("@/features/storage/s3.server"),
    import("@/features/interactions/usage-alerts.server"),
    import("@/features/interactions/meter-report.server"),
    import("@/features/interactions/retention.server"),
    import("@/features/overage/auto-bill.server"),
    import("@/features/interactions/demo-activity.server"),
    import("@/features/account-care/account-closing.server"),
    import("@/features/billing/trial-cardless-cleanup.server"),
    import("@/features/interactions/spend-month-reset.server"),
    import("@/features/ai-settings/platform-sync.server"),
    import("@/features/sms/delivery-job.server"),
    import("@/features/webhooks/delivery-job.server"),
    import("@/features/webhooks/cleanup.server"),
    import("@/features/call-alerts/daily-summary.server"),
    import("@/features/call-alerts/call-alert-job.server"),
    import("@/features/insights/jobs"),
  ]);
  await startServer({
    jobs: [usageReportJob, overageBillJob, orderSetupEmailJob, welcomeEmailJob, billingSyncJob, sandboxRolloverJob, dunningEmailJob, emailDeliveryJob, usageAlertsJob, meterReportJob, meterReportAfterRateLimitJob, retentionJob, autoBillOverageJob, deletionCancelJob, cardlessSubscribeCleanupJob, spendMonthResetJob, platformPushJob, smsDeliveryJob, webhookDeliveryJob, webhookCleanupJob, dailySummaryJob, callAlertJob, callAlertBurstJob, rollupRepairJob],
    schedules: [scheduleSandboxRollover, scheduleMeterReports, scheduleRetention, scheduleAutoBillOverage, enqueueCardlessSubscribeCleanup, scheduleSpendMonthReset, scheduleWebhookCleanup, scheduleDailySummaries, scheduleRollupRepair],
    startChecks: [smtpStartCheck, () => oidcStartCheck(), () => s3StartCheck()],
    demoData: [seedDemoActivity],
  });
}
