import "server-only";
import { listDeadJobs } from "@/lib/jobs";

export type JobsScreenData = { dead: Awaited<ReturnType<typeof listDeadJobs>> };

/** /admin/jobs: the dead jobs, newest first. */
export async function loadJobsScreen(): Promise<JobsScreenData> {
  return { dead: await listDeadJobs() };
}
