import type { FeatureJobs } from "@/lib/jobs";
import { deletionCancelJob } from "./account-closing.server";

/** Account care's background work: cancelling a deleted account's subscriptions. */
export const accountCareJobs: FeatureJobs = { feature: "account-care", jobs: [deletionCancelJob] };
