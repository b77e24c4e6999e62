import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InsightsResponse, InsightsTotals, OutcomeCounts } from "../insights.schema";
import { busyCells, projectionSentence, revenueEstimate } from "../insights-figures";
import { parseInsightsView } from "../insights-view";
import { DailySection } from "./daily-section";
import { HeatMap } from "./heat-map";
import { MonthSection } from "./month-section";
import { RevenueSection } from "./revenue-section";
import { TotalsStrip } from "./totals-strip";

/** A fixture InsightsResponse (the contract of insights.schema.ts): three days, a heat map, a month past its allowance. */
const outcomes = (answered: number, missed = 0, voicemail = 0, transferred = 0, spam = 0): OutcomeCounts => ({ answered, missed, voicemail, transferred, spam });
const totals = (t: Partial<InsightsTotals>): InsightsTotals => ({
  interactions: 0,
  byOutcome: outcomes(0),
  appointments: 0,
  answeredAfterHours: 0,
  averageDurationSeconds: null,
  transfersByDestination: [],
  ...t,
});
const FIXTURE: InsightsResponse = {
  period: { from: "2026-11-25", to: "2026-11-27", timeZone: "America/Chicago" },
  previous: { from: "2026-11-22", to: "2026-11-24", totals: totals({ interactions: 20, appointments: 4, answeredAfterHours: 2, averageDurationSeconds: 150 }) },
  totals: totals({
    interactions: 25,
    byOutcome: outcomes(18, 3, 2, 1, 1),
    appointments: 5,
    answeredAfterHours: 6,
    averageDurationSeconds: 200,
    transfersByDestination: [{ destination: "Front desk", count: 1 }],
  }),
  series: [
    { date: "2026-11-25", interactions: 10, byOutcome: outcomes(7, 1, 1, 1, 0), appointments: 2, answeredAfterHours: 3 },
    { date: "2026-11-26", interactions: 8, byOutcome: outcomes(6, 1, 1, 0, 0), appointments: 2, answeredAfterHours: 2 },
    { date: "2026-11-27", interactions: 7, byOutcome: outcomes(5, 1, 0, 0, 1), appointments: 1, answeredAfterHours: 1 },
  ],
  heatmap: [
    { weekday: 3, hour: 9, count: 12, answered: 12 },
    { weekday: 4, hour: 10, count: 8, answered: 8 },
    { weekday: 5, hour: 14, count: 3, answered: 3 },
    { weekday: 5, hour: 20, count: 2, answered: 2 },
  ],
  month: {
    start: "2026-11-01",
    end: "2026-12-01",
    includedUnits: 120,
    unitsUsed: 126,
    projectedUnits: 140,
    extraUnits: 20,
    extraCostCents: 5400,
    days: [
      { date: "2026-11-01", units: 60 },
      { date: "2026-11-02", units: 66 },
    ],
  },
};

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;|&rsquo;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
const view = parseInsightsView({}, { today: "2026-11-27", aiEmployeeIds: [] });

describe("the insights page's sections, drawn from a fixture", () => {
  it("the daily chart: an SVG bar per outcome and day, described by its table with one row a day and the same numbers", () => {
    const markup = html(createElement(DailySection, { series: FIXTURE.series }));
    expect(markup).toContain('aria-describedby="daily-table daily-chart-keys"');
    expect(markup).toContain('<table id="daily-table"');
    const rows = [...markup.matchAll(/<tr><th scope="row"[^>]*>([^<]+)<\/th>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g)].map((m) => [m[1], ...[...m[2]!.matchAll(/>([^<]*)<\/td>/g)].map((c) => c[1])]);
    expect(rows).toEqual([
      ["Wed, Nov 25", "7", "1", "1", "1", "0", "10"],
      ["Thu, Nov 26", "6", "1", "1", "0", "0", "8"],
      ["Fri, Nov 27", "5", "1", "0", "0", "1", "7"],
    ]);
    // 3 days × the 4 outcomes with a count on some day (spam, transferred appear once): the stacked rects are drawn.
    expect((markup.match(/<rect /g) ?? []).length).toBe(15);
  });

  it("the heat map writes each count in its cell and marks the busy hours", () => {
    const markup = html(createElement(HeatMap, { heatmap: FIXTURE.heatmap, busy: busyCells(FIXTURE.heatmap) }));
    expect((markup.match(/data-busy="true"/g) ?? []).length).toBe(1);
    expect(text(markup)).toContain("12 (busy)");
    expect(text(markup)).toContain("Wednesday 09:00–10:00 12 Yes");
    expect(text(markup)).toContain("Friday 20:00–21:00 2 No");
  });

  it("the figures say their change against the period before", () => {
    const t = text(html(createElement(TotalsStrip, { totals: FIXTURE.totals, previous: FIXTURE.previous.totals })));
    expect(t).toContain("Calls and messages 25 up 25% from 20 the period before");
    expect(t).toContain("Appointments booked 5 up 25% from 4 the period before");
    expect(t).toContain("Average call length 3 min 20 s up, 2 min 30 s the period before");
  });

  it("the month: the projection in the issue's words, dollars only for billing.read", () => {
    const owner = text(html(createElement(MonthSection, { month: FIXTURE.month, projection: projectionSentence(FIXTURE.month, true), showDollars: true })));
    expect(owner).toContain("At this pace: about 140 of 120 units, about $54 extra");
    expect(owner).toContain("Projected extra cost $54.00");
    const staff = text(html(createElement(MonthSection, { month: FIXTURE.month, projection: projectionSentence(FIXTURE.month, false), showDollars: false })));
    expect(staff).toContain("At this pace: about 140 of 120 units");
    expect(staff).not.toContain("$");
    const within = text(
      html(createElement(MonthSection, { month: { ...FIXTURE.month!, projectedUnits: 110 }, projection: projectionSentence({ ...FIXTURE.month!, projectedUnits: 110 }, true), showDollars: true })),
    );
    expect(within).not.toContain("At this pace");
  });

  it("the estimate: inputs, defaults and formula on the page, called an estimate; dollars and the subscription's cost only for billing.read", () => {
    const answeredBusyHours = 9;
    const revenue = revenueEstimate({ answeredAfterHours: 6, answeredBusyHours, appointments: 5, jobValueCents: view.jobValueCents, bookingRatePercent: view.bookingRatePercent });
    const props = { view, revenue, answeredAfterHours: 6, answeredBusyHours, appointments: 5, subscriptionMonthlyCents: 14_900 };
    const owner = text(html(createElement(RevenueSection, { ...props, showDollars: true })));
    expect(owner).toContain("An estimate, not a measurement");
    expect(owner).toContain("an average job value of $150 and a booking rate of 30%");
    // 5 + 30% × (6 + 9 − 5) = 8 jobs × $150.
    expect(owner).toContain("= 5 + 30% × (6 + 9 − 5) = about 8 jobs");
    expect(owner).toContain("about $1,200");
    expect(owner).toContain("$147 for 30 days");
    const staff = text(html(createElement(RevenueSection, { ...props, showDollars: false, subscriptionMonthlyCents: null })));
    expect(staff).toContain("about 8 jobs");
    expect(staff).not.toMatch(/\$\d/);
    expect(staff).toContain("Dollar figures are shown to members who may view billing.");
    expect(staff).not.toContain("Average job value");
  });
});
