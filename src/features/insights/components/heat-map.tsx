import type { HeatCell } from "../insights-figures";
import { HeatMapPanel } from "./heat-map-panel";

/** The busiest hours (HeatMapPanel): the panel gets each hour with a count, marked when it is a busy hour. */
export function HeatMap({ heatmap, busy }: { heatmap: HeatCell[]; busy: HeatCell[] }) {
  const isBusy = new Set(busy.map((c) => `${c.weekday}-${c.hour}`));
  return <HeatMapPanel cells={heatmap.filter((c) => c.count > 0).map((c) => [c.weekday, c.hour, c.count, isBusy.has(`${c.weekday}-${c.hour}`) ? 1 : 0])} />;
}
