"use client";
import { useEffect, useRef, useState } from "react";

/**
 * The width a chart has to draw in: `initial` on the server and at first
 * paint, then its container's, kept current as the window changes.
 */
export function useChartWidth<T extends HTMLElement>(initial = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(240, Math.floor(el.getBoundingClientRect().width)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A chart read one day at a time with the keyboard: ← and → move, Home and
 * End jump; the pointer selects the day under it. Answers the selected index
 * (null: none) and the handlers for the chart's focusable element.
 */
export function useDaySelection(count: number) {
  const [selected, setSelected] = useState<number | null>(null);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (count === 0) return;
    const last = count - 1;
    const next =
      e.key === "ArrowRight" ? Math.min(last, (selected ?? -1) + 1) : e.key === "ArrowLeft" ? Math.max(0, (selected ?? count) - 1) : e.key === "Home" ? 0 : e.key === "End" ? last : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setSelected(next);
  };
  return { selected, setSelected, onKeyDown };
}
