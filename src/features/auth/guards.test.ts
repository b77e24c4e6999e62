import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * ADR 0140: every page under app/(portal) and app/admin checks its caller
 * with the one guard family (src/features/auth/guards.server.tsx) before it
 * loads anything, loads its data only through the data.server.ts beside it,
 * and answers the busy page when the database is too slow. This test reads
 * the page files, so a new page that forgets the guard fails here.
 */

const APP = path.resolve(import.meta.dirname, "../../../app");
const GUARDS = ["requirePortalUser", "requirePermission", "requireSignedIn", "requireAdmin"] as const;
/** The old styles, gone: a page that uses one of these checks its caller its own way. */
const FORBIDDEN_IMPORTS = [
  "@/features/auth/current-user.server",
  "@/features/auth/components/redirect-to-login",
  "@/features/auth/components/access-denied",
  "@/features/auth/page-access.server",
  "@/features/accounts/current-account.server",
];

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return pages(full);
    return entry === "page.tsx" ? [full] : [];
  });
}

const PORTAL = pages(path.join(APP, "(portal)"));
const ADMIN = pages(path.join(APP, "admin"));
const rel = (file: string) => path.relative(APP, file);

/** The module specifiers a file imports. */
const importsOf = (source: string) => [...source.matchAll(/^import\s[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1]!);

/** Checks one page's source; answers what is wrong with it (empty: nothing). */
function problems(source: string, allowed: readonly string[]): string[] {
  const out: string[] = [];
  const imports = importsOf(source);
  if (!imports.includes("@/features/auth/guards.server")) out.push("does not import the page guards (@/features/auth/guards.server)");
  const call = source.match(/const (\w+) = await (require\w+)\(/);
  if (!call) out.push("calls no guard (`const access = await requireX(...)`)");
  else {
    const [, name, guard] = call;
    if (!allowed.includes(guard!)) out.push(`calls ${guard}, not one of ${allowed.join(", ")}`);
    const check = source.indexOf(`if (!${name}.ok) return ${name}.element;`);
    if (check < 0) out.push(`does not return ${name}.element when the guard refuses`);
    // Nothing is loaded before the guard has let the caller in.
    const firstLoad = source.search(/\bload\w*Screen\(/);
    if (firstLoad >= 0 && check >= 0 && firstLoad < check) out.push("loads its data before the guard's check");
  }
  for (const forbidden of FORBIDDEN_IMPORTS) if (imports.includes(forbidden)) out.push(`imports ${forbidden}: check the caller with the guards instead`);
  for (const spec of imports)
    if (/\.server$/.test(spec) && !FORBIDDEN_IMPORTS.includes(spec) && spec !== "@/features/auth/guards.server" && spec !== "./data.server")
      out.push(`imports ${spec}: load the screen's data in ./data.server.ts`);
  if (!/export default busyOnTimeoutPage\(/.test(source)) out.push("is not wrapped in busyOnTimeoutPage (the busy page on a slow database)");
  return out;
}

describe("every guarded page calls the guard family (ADR 0140)", () => {
  it("finds the portal and admin pages", () => {
    expect(PORTAL.map(rel)).toEqual(expect.arrayContaining(["(portal)/dashboard/page.tsx", "(portal)/calls/page.tsx", "(portal)/profile/page.tsx"]));
    expect(ADMIN.map(rel)).toEqual(expect.arrayContaining(["admin/page.tsx", "admin/usage/page.tsx", "admin/outbox/[id]/page.tsx"]));
  });

  for (const file of PORTAL) {
    it(`${rel(file)}: a portal guard first, data from its data.server.ts`, () => {
      expect(problems(readFileSync(file, "utf8"), ["requirePortalUser", "requirePermission", "requireSignedIn"])).toEqual([]);
    });
  }

  for (const file of ADMIN) {
    it(`${rel(file)}: requireAdmin first, data from its data.server.ts`, () => {
      expect(problems(readFileSync(file, "utf8"), ["requireAdmin"])).toEqual([]);
    });
  }

  it("flags a page that checks its caller the old way, or not at all", () => {
    const check = (source: string) => problems(source, GUARDS);
    expect(check(`import { getCurrentUser } from "@/features/auth/current-user.server";\nasync function Page() { const user = await getCurrentUser(); return null; }\nexport default Page;`)).toEqual([
      "does not import the page guards (@/features/auth/guards.server)",
      "calls no guard (`const access = await requireX(...)`)",
      "imports @/features/auth/current-user.server: check the caller with the guards instead",
      "is not wrapped in busyOnTimeoutPage (the busy page on a slow database)",
    ]);
    expect(
      check(
        `import { requireAdmin } from "@/features/auth/guards.server";\nimport { listEmails } from "@/features/admin/outbox.server";\nimport { loadXScreen } from "./data.server";\nasync function Page() { const x = await loadXScreen(); const access = await requireAdmin("/admin"); if (!access.ok) return access.element; return null; }\nexport default busyOnTimeoutPage(Page);`,
      ),
    ).toEqual(["loads its data before the guard's check", "imports @/features/admin/outbox.server: load the screen's data in ./data.server.ts"]);
  });
});
