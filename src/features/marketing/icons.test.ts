import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "@/lib/ui/icon-sprite";
import * as pageCopy from "./page-copy";

const root = path.resolve(import.meta.dirname, "../../..");

/** The source files of the public pages and their header and footer. */
function publicSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".tsx") && !e.name.includes(".test.") ? [path.join(dir, e.name)] : [],
    );
  return [...walk("app/(marketing)"), "app/page.tsx", "app/layout.tsx", ...walk("src/features/marketing"), ...walk("src/features/contact"), ...walk("src/features/shell")];
}

describe("public pages' icons come from the sprite (ADR 0155)", () => {
  it("every icon the marketing copy names is in the sprite", () => {
    const named = Object.values(pageCopy)
      .flatMap((v) => (Array.isArray(v) ? v : [v]))
      .flatMap((item: unknown) => (item && typeof item === "object" && "icon" in item ? [(item.icon as { displayName?: string }).displayName] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(ICON_NAMES).toContain(name);
  });

  it("public pages draw no lucide-react component (their icons come from the sprite)", () => {
    const drawing = publicSources().filter((f) => /import \{[^}]*\} from "lucide-react"/.test(readFileSync(path.join(root, f), "utf8")));
    expect(drawing).toEqual([]);
  });
});
