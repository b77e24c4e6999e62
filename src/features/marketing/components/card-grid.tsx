import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/ui/cn";
import { Icon, type IconName } from "@/lib/ui/icon";
import { Section } from "../sections";

export type Card = { title: string; body: string; icon?: LucideIcon | IconName };

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/**
 * A grid of title-and-body cards, each with an optional icon (its own or the
 * grid's). `tinted`: the section has a grey band, so the cards are white;
 * `small`: smaller heading and body text.
 */
type CardGridProps = { items: readonly Card[]; columns: keyof typeof COLUMNS; icon?: IconName; tinted?: boolean; small?: boolean };

function CardGrid({ items, columns, icon, tinted = false, small = false }: CardGridProps) {
  return (
    <ul className={cn("grid gap-6", COLUMNS[columns])}>
      {items.map((item) => {
        const drawn = item.icon ?? icon;
        return (
          <li key={item.title} className={cn("rounded-xl border border-slate-200", tinted && "bg-white", "p-6")}>
            {drawn ? <Icon name={drawn} className="size-6 text-brand-700" /> : null}
            <h3 className={cn(drawn && "mt-3", !small && "text-lg", "font-semibold text-slate-950")}>{item.title}</h3>
            <p className={cn("mt-2", small && "text-sm", "text-slate-700")}>{item.body}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** A titled section holding a card grid; `tinted`: on a grey band, with white cards. */
export function CardSection({ id, title, lead, ...grid }: CardGridProps & { id: string; title: string; lead?: string }) {
  return (
    <Section id={id} title={title} lead={lead} className={grid.tinted ? "bg-slate-50" : undefined}>
      <CardGrid {...grid} />
    </Section>
  );
}
