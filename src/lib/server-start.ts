import { config, ConfigError, productionProblems } from "@/lib/config";
import { dbReady, dbKind } from "@/lib/db";
import { logger } from "@/lib/logger";
import { seedIfEmpty } from "@/db/seed";
import { startWorkers } from "@/lib/jobs/workers";

/** Database, seed and workers: everything the server needs before it answers. */
export async function startServer(): Promise<void> {
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
  await dbReady();
  logger.info({ database: dbKind(), dir: dbKind() === "pglite" ? cfg.pgliteDir : undefined }, "database ready, migrations applied");
  const seeded = await seedIfEmpty();
  if (seeded) {
    const lines = [
      "",
      seeded.created ? "Demo accounts (seeded into the empty database):" : "Demo accounts:",
      `  admin     ${seeded.admin.email}  password: ${seeded.admin.password}`,
      `  customer  ${seeded.customer.email}  password: ${seeded.customer.password}  (has a pending AI employee)`,
      "",
    ];
    console.log(lines.join("\n"));
  }
  if (!cfg.smtpEnabled) {
    console.log(`E-mail: no SMTP_URL set, messages go to the outbox; sign in as an admin and open ${cfg.baseUrl}/admin/outbox`);
  }
  if (!cfg.stripeEnabled) console.log("Payments: sandbox provider (test mode, card 4242 4242 4242 4242).");
  startWorkers();
}
