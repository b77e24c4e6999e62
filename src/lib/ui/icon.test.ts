import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "./icon";
import { ICON_NAMES, ICON_SPRITE } from "./icon-sprite";

const root = path.resolve(import.meta.dirname, "../../..");

describe("icon sprite (ADR 0155)", () => {
  it("public/icons.svg and its module are what the script writes from lucide-react", () => {
    expect(() => execFileSync(process.execPath, [path.join(root, "scripts/make-icon-sprite.mjs"), "--check"], { cwd: root, stdio: "pipe" })).not.toThrow();
    const sprite = readFileSync(path.join(root, "public/icons.svg"), "utf8");
    for (const name of ICON_NAMES) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
  });

  it("an icon is a decorative reference into the sprite, by name or by lucide component", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "ArrowRight", className: "size-4" }))).toBe(`<svg class="size-4" aria-hidden="true"><use href="${ICON_SPRITE}#ArrowRight"></use></svg>`);
    expect(ICON_SPRITE).toMatch(/^\/icons\.svg\?v=[0-9a-f]{10}$/);
  });
});
