"use client";
import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { cn } from "@/lib/ui/cn";
import { fieldId, focusSoon, GroupError, useReadOnly } from "./fields";

/**
 * Move up / Move down / Remove for item `index` of `count` in an ordered list.
 * `what` names the item ("answer 2" → "Move answer 2 up"); `idBase(i)` is the
 * id prefix of item i's buttons, so focus follows the moved item.
 */
export function ItemButtons({
  index,
  count,
  what,
  idBase,
  onMove,
  onRemove,
  removeLabel,
}: {
  index: number;
  count: number;
  what: (n: number) => string;
  idBase: (i: number) => string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  removeLabel?: string;
}) {
  const move = (to: number) => {
    onMove(index, to);
    // Focus follows the item: the same direction's button, or the other one at an end of the list.
    const up = to < index ? to > 0 : to === count - 1;
    focusSoon(`${idBase(to)}-${up ? "up" : "down"}`);
  };
  return (
    <div className="flex shrink-0 flex-col gap-1">
      {index > 0 ? (
        <Button type="button" id={`${idBase(index)}-up`} variant="ghost" size="icon" onClick={() => move(index - 1)}>
          <ArrowUp aria-hidden />
          <span className="sr-only">Move {what(index + 1)} up</span>
        </Button>
      ) : null}
      {index < count - 1 ? (
        <Button type="button" id={`${idBase(index)}-down`} variant="ghost" size="icon" onClick={() => move(index + 1)}>
          <ArrowDown aria-hidden />
          <span className="sr-only">Move {what(index + 1)} down</span>
        </Button>
      ) : null}
      <Button type="button" variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" onClick={onRemove}>
        <Trash2 aria-hidden />
        <span className="sr-only">{removeLabel ?? `Remove ${what(index + 1)}`}</span>
      </Button>
    </div>
  );
}

/**
 * The items of an ordered field array (`name`), each boxed: its fields
 * (`children(i)`), its ItemButtons (unless read-only; removing focuses the
 * list's add button, `addId`) and its problems; then the list's problems.
 * `empty` when there are none.
 */
export function OrderedItems({
  name,
  items,
  what,
  addId,
  empty,
  spacing,
  onMove,
  onRemove,
  children,
}: {
  name: "answers" | "transferRules";
  items: readonly { id: string }[];
  what: (n: number) => string;
  addId: string;
  empty: string;
  spacing: "space-y-3" | "space-y-4";
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  children: (index: number) => ReactNode;
}) {
  const readOnly = useReadOnly();
  return (
    <>
      {items.length ? (
        <ol className={spacing}>
          {items.map((f, i) => (
            <li key={f.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
              <div className="flex items-start gap-2">
                <div className={cn("min-w-0 flex-1", spacing)}>{children(i)}</div>
                {readOnly ? null : (
                  <ItemButtons
                    index={i}
                    count={items.length}
                    what={what}
                    idBase={(j) => fieldId(`${name}.${j}`)}
                    onMove={onMove}
                    onRemove={() => {
                      onRemove(i);
                      focusSoon(addId);
                    }}
                  />
                )}
              </div>
              <GroupError name={`${name}.${i}`} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
      <GroupError name={name} />
    </>
  );
}
