import "server-only";
import { config, ConfigError, productionProblems } from "@/lib/config";
import { dbReady, dbKind } from "@/lib/db";
import { logger } from "@/lib/logger";
import { authSecret } from "@/lib/secrets";
import { refreshStatistics } from "@/lib/db-statistics";
import { seedDemoAccounts } from "@/db/seed";
import { startJobs, type AnyJobDefinition } from "@/lib/jobs";

/**
 * A check of an outside service at start (e.g. that SMTP_URL answers):
 * resolves to a warning that names the variable and the reason, or null when
 * all is well. A failed check does not stop the server.
 */
export type StartCheck = () => Promise<string | null>;

/**
 * Database, seed and job workers: everything the server needs before it
 * answers. `jobs` are the durable job kinds of the features, and
 * `startChecks` their checks of outside services, passed in by the
 * composition root (instrumentation.ts): lib imports no feature.
 */
export async function startServer(parts: Parameters<typeof start>[0]): Promise<void> {
  try {
    await start(parts);
  } catch (err) {
    // Next.js would log this and go on serving errors; a server that could not
    // open its database must stop, so a supervisor sees it and restarts it.
    console.error("\nThe server could not start:", err);
    process.exit(1);
  }
}

async function start({
  jobs,
  schedules = [],
  startChecks = [],
  demoData = [],
}: {
  jobs: readonly AnyJobDefinition[];
  /** Sets up recurring jobs once the queue runs (each sets or removes its schedule). */
  schedules?: ReadonlyArray<() => Promise<void>>;
  startChecks?: readonly StartCheck[];
  /** Fills the demo accounts with data once, right after they were seeded into an empty database (the job queue runs by then). */
  demoData?: ReadonlyArray<() => Promise<void>>;
}): Promise<void> {
  let cfg;
  try {
    cfg = config();
    const problems = productionProblems(cfg);
    if (problems.length) throw new ConfigError(problems);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n${err.message}\nSee .env.example and the README's configuration table.\n`);
      process.exit(1);
    }
    throw err;
  }
  // Read (or create) the signing secret now, so a data folder we cannot write stops the start.
  authSecret();
  if (!cfg.AUTH_SECRET) console.log(`AUTH_SECRET is not set: using the secret generated in ${cfg.dataDir}/auth-secret (kept for later starts).`);
  // Outside services are checked while the database starts; their warnings are logged before the server answers.
  const checks = runStartChecks(startChecks);
  await dbReady();
  logger.info({ database: dbKind(), dir: dbKind() === "pglite" ? cfg.pgliteDir : undefined }, "database ready, migrations applied");
  const seeded = await seedDemoAccounts();
  if (seeded) {
    const lines = ["", seeded.created ? "Demo accounts (seeded into the empty database):" : "Demo accounts:"];
    for (const a of seeded.accounts) {
      const note = a.note ? `  (${a.note})` : "";
      const password = a.password ?? "(printed when it was set; not stored in clear)";
      lines.push(`  ${a.role.padEnd(8)}  ${a.email}  password: ${password}${note}`);
    }
    if (!cfg.baseUrlIsLoopback && seeded.accounts.some((a) => a.password)) {
      lines.push("  These random passwords are shown once: PUBLIC_BASE_URL is not a loopback address.");
    }
    lines.push("");
    console.log(lines.join("\n"));
  }
  if (!cfg.smtpEnabled) {
    console.log(`E-mail: no SMTP_URL set, messages go to the outbox; sign in as an admin and open ${cfg.baseUrl}/admin/outbox`);
  }
  if (!cfg.stripeEnabled) console.log("Payments: sandbox provider (test mode, card 4242 4242 4242 4242).");
  await startJobs({ jobs });
  logger.info({ kinds: jobs.map((j) => j.kind) }, "job workers started");
  if (seeded?.created) {
    for (const fill of demoData) {
      // Demo data is a convenience: a failure is logged, and the server still starts.
      await fill().catch((err: unknown) => logger.error({ err }, "demo data not seeded"));
    }
    // The seed filled empty tables: PGlite has no autovacuum to tell its planner (ADR 0152).
    await refreshStatistics();
  }
  for (const schedule of schedules) await schedule();
  await checks;
}

/** Runs the checks side by side and logs each warning (a check that throws is reported the same way). */
export async function runStartChecks(checks: readonly StartCheck[]): Promise<string[]> {
  const results = await Promise.all(checks.map((check) => check().catch((err: unknown) => `start check failed: ${err instanceof Error ? err.message : String(err)}`)));
  const warnings = results.filter((w): w is string => Boolean(w));
  for (const warning of warnings) {
    logger.warn(warning);
    console.warn(`\nWarning: ${warning}\n`);
  }
  return warnings;
}
