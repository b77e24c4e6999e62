import type { FeatureJobs } from "@/lib/jobs";
import { emailDeliveryJob } from "./email.server";

/** E-mail's background work: delivering queued messages (SMTP or the outbox). */
export const emailJobs: FeatureJobs = { feature: "email", jobs: [emailDeliveryJob] };
