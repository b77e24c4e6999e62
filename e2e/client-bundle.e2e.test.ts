import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { NAV_LINKS } from "@/features/shell/nav";

const distDir = path.resolve(import.meta.dirname, "..", process.env.E2E_DIST_DIR || ".next-e2e", "static");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? files(full) : full.endsWith(".js") ? [full] : [];
  });
}

/** Every script a page loads or names in its flight data (client components' chunks), relative to the static folder. */
async function pageScripts(page: string, res: Response): Promise<Set<string>> {
  const html = await res.text();
  const scripts = new Set([...html.matchAll(/\/_next\/static\/([^"'\s\\]+?\.js)/g)].map((m) => decodeURIComponent(m[1]!)));
  expect(scripts.size, `${page} loads scripts`).toBeGreaterThan(0);
  return scripts;
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
      for (const needle of [
        "development-only-secret-change-me",
        inject("authSecret"),
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "SMTP_URL",
        "S3_SECRET_ACCESS_KEY",
        "OIDC_CLIENT_SECRET",
        "DATABASE_URL",
      ]) {
        if (text.includes(needle)) leaks.push(`${path.relative(distDir, file)}: ${needle}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("carries the chart library (visx) only for signed-in pages: no public page loads a chunk with it", async () => {
    const chunks = files(distDir);
    // visx marks its shapes with class names that survive minification ("visx-group", "visx-bar-stack").
    const chartChunks = new Set(chunks.filter((f) => /visx-(group|bar-stack)/.test(readFileSync(f, "utf8"))).map((f) => path.relative(distDir, f)));
    expect(chartChunks.size, "the build holds the chart library for /insights").toBeGreaterThan(0);
    const baseUrl = inject("baseUrl");
    const publicPages = ["/", ...NAV_LINKS.map((l) => l.href), "/login", "/demo-ai-employee", "/privacy-policy"];
    const offenders: string[] = [];
    for (const page of publicPages) {
      const res = await fetch(`${baseUrl}${page}`);
      if (res.status === 404) continue;
      expect(res.ok, page).toBe(true);
      for (const s of await pageScripts(page, res)) if (chartChunks.has(s)) offenders.push(`${page}: ${s}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the demo pages load the form's check (zod, the server's schema, the API client) on first focus, not with the page (issue 27)", async () => {
    const chunks = files(distDir);
    // The schema's message is written in the check's chunk only.
    const checkChunks = new Set(chunks.filter((f) => readFileSync(f, "utf8").includes("Enter a valid phone number")).map((f) => path.relative(distDir, f)));
    expect(checkChunks.size, "the build holds the demo form's check").toBeGreaterThan(0);
    const baseUrl = inject("baseUrl");
    for (const page of ["/hire-ai-employee", "/demo-ai-employee"]) {
      const res = await fetch(`${baseUrl}${page}`);
      expect(res.ok, page).toBe(true);
      expect([...(await pageScripts(page, res))].filter((s) => checkChunks.has(s))).toEqual([]);
    }
  });
});
