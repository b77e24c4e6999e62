import "server-only";
import { config, ConfigError, productionProblems } from "@/lib/config";
import { dbReady, dbKind } from "@/lib/db";
import { logger } from "@/lib/logger";
import { authSecret } from "@/lib/secrets";
import { seedDemoAccounts } from "@/db/seed";
import { startJobs, type AnyJobDefinition } from "@/lib/jobs";

/**
 * Database, seed and job workers: everything the server needs before it
 * answers. `jobs` are the durable job kinds of the features, passed in by the
 * composition root (instrumentation.ts): lib imports no feature.
 */
export async function startServer({ jobs }: { jobs: readonly AnyJobDefinition[] }): Promise<void> {
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
  await dbReady();
  logger.info({ database: dbKind(), dir: dbKind() === "pglite" ? cfg.pgliteDir : undefined }, "database ready, migrations applied");
  const seeded = await seedDemoAccounts();
  if (seeded) {
    const lines = ["", seeded.created ? "Demo accounts (seeded into the empty database):" : "Demo accounts:"];
    for (const a of seeded.accounts) {
      const note = a.role === "customer" ? "  (has a pending AI employee)" : "";
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
}
