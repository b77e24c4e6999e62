import type { InsightsDay } from "../insights.schema";
import { DailyPanel } from "./daily-panel";
import { OUTCOMES } from "./labels";

/** Calls and messages per day, stacked by outcome, with its table view: the panel gets each day's counts only. */
export function DailySection({ series }: { series: InsightsDay[] }) {
  return <DailyPanel days={series.map((d) => ({ date: d.date, counts: OUTCOMES.map((o) => d.byOutcome[o]), total: d.interactions }))} />;
}
