import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/ui/cn";

export type Card = { title: string; body: string; icon?: LucideIcon };

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
export function CardGrid({ items, columns, icon, tinted = false, small = false }: { items: readonly Card[]; columns: keyof typeof COLUMNS; icon?: LucideIcon; tinted?: boolean; small?: boolean }) {
  return (
    <ul className={cn("grid gap-6", COLUMNS[columns])}>
      {items.map((item) => {
        const Icon = item.icon ?? icon;
        return (
          <li key={item.title} className={cn("rounded-xl border border-slate-200", tinted && "bg-white", "p-6")}>
            {Icon ? <Icon className="size-6 text-brand-700" aria-hidden /> : null}
            <h3 className={cn(Icon && "mt-3", !small && "text-lg", "font-semibold text-slate-950")}>{item.title}</h3>
            <p className={cn("mt-2", small && "text-sm", "text-slate-700")}>{item.body}</p>
          </li>
        );
      })}
    </ul>
  );
}
