import type { FeatureJobs } from "@/lib/jobs";
import { smsDeliveryJob } from "./delivery-job.server";

/** SMS's background work: delivering queued text messages (Twilio or the SMS outbox). */
export const smsJobs: FeatureJobs = { feature: "sms", jobs: [smsDeliveryJob] };
