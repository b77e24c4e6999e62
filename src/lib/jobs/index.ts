/**
 * The job port. Features import from here, never from pg-boss:
 *   defineJob({ kind, schema, handler })           a kind of durable job
 *   defineScheduledJob(kind, work)                 one without a payload, for a schedule
 *   enqueueJob(tx, job, payload, { idempotencyKey }) inside the caller's transaction
 *   enqueueJobs(tx, job, [{ payload, idempotencyKey }])  the same for many at once
 *   scheduleJob(job, cron, payload)                 recurring runs
 *   jobStatus(job, idempotencyKey)                  where an enqueued job is
 *   nextWaitingRun(job)                             when a job waiting for later comes due
 * Each feature lists its kinds and schedules in its own jobs.ts (FeatureJobs);
 * src/features/jobs-registry composes them into the one list that the server
 * (instrumentation.ts) and the integration tests pass to startJobs();
 * /admin/jobs lists dead jobs (listDeadJobs, retryDeadJob).
 */
export { DELIVERY_RETRIES, defineJob, defineScheduledJob, jobIdForKey, type AnyJobDefinition, type FeatureJobs, type JobRun } from "./define";
export {
  DEAD_JOB_RETENTION_SECONDS,
  FINISHED_JOB_RETENTION_SECONDS,
  enqueueJob,
  enqueueJobs,
  jobStatus,
  listDeadJobs,
  nextWaitingRun,
  retryDeadJob,
  scheduleJob,
  startJobs,
  unscheduleJob,
  workingKinds,
} from "./jobs.server";
