import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";

const distDir = path.resolve(import.meta.dirname, "..", process.env.E2E_DIST_DIR || ".next-e2e", "static");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? files(full) : full.endsWith(".js") ? [full] : [];
  });
}

describe("client bundle", () => {
  it("contains no server secret or server-only configuration", () => {
    const chunks = files(distDir);
    expect(chunks.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const file of chunks) {
      const text = readFileSync(file, "utf8");
      // The signing secret's value (set for the build and the server), not its name: better-auth's
      // browser client carries an env accessor named AUTH_SECRET that reads nothing in a browser.
      for (const needle of ["development-only-secret-change-me", inject("authSecret"), "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "SMTP_URL", "S3_SECRET_ACCESS_KEY", "OIDC_CLIENT_SECRET", "DATABASE_URL"]) {
        if (text.includes(needle)) leaks.push(`${path.relative(distDir, file)}: ${needle}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
