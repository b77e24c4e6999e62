import type { LucideIcon } from "lucide-react";
import { ICON_SPRITE, type IconName } from "./icon-sprite";

export type { IconName };

/**
 * A decorative icon drawn from the sprite (public/icons.svg, ADR 0155): the
 * page holds a reference of a few bytes, not the drawing. `name` is a sprite
 * icon's name, or a lucide-react icon whose name the sprite holds (content
 * lists that name their icons by component). Give it a size class.
 */
export function Icon({ name, className }: { name: IconName | LucideIcon; className: string }) {
  const id = typeof name === "string" ? name : name.displayName;
  return (
    <svg className={className} aria-hidden="true">
      <use href={`${ICON_SPRITE}#${id}`} />
    </svg>
  );
}
