/**
 * The job port. Features import from here, never from pg-boss:
 *   defineJob({ kind, schema, handler })           a kind of durable job
 *   enqueueJob(tx, job, payload, { idempotencyKey }) inside the caller's transaction
 *   scheduleJob(job, cron, payload)                 recurring runs
 *   jobStatus(job, idempotencyKey)                  where an enqueued job is
 * The composition root (instrumentation.ts) passes every definition to
 * startJobs(); /admin/jobs lists dead jobs (listDeadJobs, retryDeadJob).
 */
export { defineJob, jobIdForKey, JOB_DEFAULTS, type AnyJobDefinition, type JobDefinition, type JobRun } from "./define";
export {
  DEAD_JOB_RETENTION_SECONDS,
  DEAD_LETTER_QUEUE,
  FINISHED_JOB_RETENTION_SECONDS,
  HEARTBEAT_SECONDS,
  WAITING_JOB_RETENTION_SECONDS,
  enqueueJob,
  jobStatus,
  listDeadJobs,
  retryDeadJob,
  scheduleJob,
  startJobs,
  stopJobs,
  unscheduleJob,
  type DeadJob,
  type EnqueueOptions,
  type JobStatus,
  type StartJobsOptions,
} from "./jobs.server";
