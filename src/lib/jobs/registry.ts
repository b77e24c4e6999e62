import { registerOrderJobHandlers } from "@/features/orders/orders.server";
import { registerAdminJobHandlers } from "@/features/admin/welcome-email.server";

/**
 * Every durable job kind and its handler. Each feature exports a
 * `register...JobHandlers()` function; call it here.
 */
import { registerUsageJobHandlers } from "@/features/usage/usage.server";
import { registerOverageJobHandlers } from "@/features/overage/overage.server";

export function registerAllJobHandlers(): void {
  registerUsageJobHandlers();
  registerOverageJobHandlers();
  registerOrderJobHandlers();
  registerAdminJobHandlers();
  // Features add their registrations here, e.g. registerUsageJobHandlers();
}
