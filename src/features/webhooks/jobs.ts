import type { FeatureJobs } from "@/lib/jobs";
import { webhookDeliveryJob } from "./delivery-job.server";
import { scheduleWebhookCleanup, webhookCleanupJob } from "./cleanup.server";

/** Outbound webhooks' background work: deliveries and the clean-up of old attempts. */
export const webhooksJobs: FeatureJobs = { feature: "webhooks", jobs: [webhookDeliveryJob, webhookCleanupJob], schedules: [scheduleWebhookCleanup] };
