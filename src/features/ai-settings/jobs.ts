import type { FeatureJobs } from "@/lib/jobs";
import { platformPushJob } from "./platform-sync.server";

/** AI settings' background work: pushing the current settings to the voice platform. */
export const aiSettingsJobs: FeatureJobs = { feature: "ai-settings", jobs: [platformPushJob] };
