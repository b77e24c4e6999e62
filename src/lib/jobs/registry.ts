/**
 * Every durable job kind and its handler. Each feature exports a
 * `register...JobHandlers()` function; call it here.
 */
export function registerAllJobHandlers(): void {
  // Features add their registrations here, e.g. registerUsageJobHandlers();
}
