/**
 * Runs once when the server starts: validates configuration (a bad value
 * stops start-up with a message naming it), opens and migrates the database,
 * seeds demo data when the database is empty, and starts background workers.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/server-start");
  await startServer();
}
