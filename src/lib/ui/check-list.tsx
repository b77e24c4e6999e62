import { Icon } from "./icon";
import { cn } from "./cn";

/** Points in a list, each after a check mark (decorative: the list's text says it all). */
export function CheckList({ items, className, checkClassName }: { items: readonly string[]; className?: string; checkClassName?: string }) {
  return (
    <ul className={className}>
      {items.map((text) => (
        <li key={text} className="flex gap-2">
          <Icon name="Check" className={cn("mt-0.5 size-4 shrink-0", checkClassName)} />
          {text}
        </li>
      ))}
    </ul>
  );
}
