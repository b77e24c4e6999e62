import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Calls and messages reaching the product as the voice platform sends them: an API key, the public API, the simulator. */

const ROOT = path.resolve(import.meta.dirname, "..");

/** On the admin's `page`: makes an API key named `name` at /admin/api-keys and answers it (it is shown once). */
export async function createApiKey(page: Page, name: string): Promise<string> {
  await page.goto("/admin/api-keys");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create API key" }).click();
  const field = page.locator("#new-api-key");
  await expect.poll(() => field.isVisible(), { timeout: 15_000 }).toBe(true);
  return field.inputValue();
}

/** POST /api/v1/interactions with the key, as the voice platform posts calls. */
export function postInteractions(baseUrl: string, key: string, interactions: unknown[]): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/interactions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ interactions }),
  });
}

/**
 * `npm run simulate:calls` for one AI employee: `days` days of `perDay`
 * calls from `seed`, ending at `end` (default now). Expects it to succeed and
 * answers what it printed.
 */
export function simulateCalls(baseUrl: string, key: string, aiEmployeeId: string, opts: { days: number; perDay: number; seed: number; end?: string }): string {
  const args = ["--key", key, "--url", baseUrl, "--ai-employee", aiEmployeeId, "--days", String(opts.days), "--per-day", String(opts.perDay), "--seed", String(opts.seed)];
  if (opts.end) args.push("--end", opts.end);
  const sim = spawnSync(process.execPath, [path.join(ROOT, "scripts/simulate-calls.mjs"), ...args], { encoding: "utf8" });
  expect(sim.status, sim.stderr + sim.stdout).toBe(0);
  return sim.stdout;
}
