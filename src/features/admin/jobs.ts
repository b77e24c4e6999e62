import type { FeatureJobs } from "@/lib/jobs";
import { welcomeEmailJob } from "./welcome-email.server";

/** The admin console's background work: the welcome e-mail. */
export const adminJobs: FeatureJobs = { feature: "admin", jobs: [welcomeEmailJob] };
