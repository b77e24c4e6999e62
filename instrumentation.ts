/**
 * Runs once when the server starts: validates configuration (a bad value
 * stops start-up with a message naming it), opens and migrates the database,
 * seeds demo data when the database is empty, and starts background workers.
 *
 * The composition root: the app's jobs and schedules come from one list
 * (src/features/jobs-registry, composed of each feature's jobs.ts; ADR 0141)
 * and go to the job queue here (src/lib imports no feature).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startServer }, { appJobs }, { smtpStartCheck }, { oidcStartCheck }, { s3StartCheck }, { seedDemoActivity }] = await Promise.all([
    import("@/lib/server-start"),
    import("@/features/jobs-registry/app-jobs"),
    import("@/features/email/smtp.server"),
    import("@/features/auth/oidc-start-check.server"),
    import("@/features/storage/s3.server"),
    import("@/features/interactions/demo-activity.server"),
  ]);
  const { jobs, schedules } = appJobs();
  await startServer({
    jobs,
    schedules,
    startChecks: [smtpStartCheck, () => oidcStartCheck(), () => s3StartCheck()],
    demoData: [seedDemoActivity],
  });
}
