"use client";
import * as React from "react";
import { formatUnitCount, type InteractionDetail } from "../interaction-view";
import { ReportSpamButton } from "./report-spam-button";

type UnitsView = Pick<InteractionDetail, "id" | "units" | "creditedUnits" | "unitRuleText" | "canReportSpam" | "spamReview">;

/**
 * The units a record counts, the rule of spec 9 that gave them, and the spam
 * report: its credit once made, "pending review" while an admin decides a
 * report past the month's self-service credit (ADR 0105), or the decline.
 */
export function UnitsPanel({ initial }: { initial: UnitsView }) {
  const [view, setView] = React.useState<UnitsView>(initial);
  const [justReported, setJustReported] = React.useState(false);
  const credit = React.useRef<HTMLParagraphElement>(null);
  React.useEffect(() => {
    // After the dialog closes, the credit is where the keyboard and screen reader land.
    if (justReported) credit.current?.focus();
  }, [justReported]);
  return (
    // #report-spam: where a call notification's "Mark as spam" link lands (issue 25).
    <div className="scroll-mt-24 space-y-3" id="report-spam">
      <p className="text-3xl font-bold text-slate-900" data-testid="call-units">
        {formatUnitCount(view.units)}
      </p>
      <p className="text-sm text-slate-700">{view.unitRuleText}</p>
      {view.creditedUnits !== null ? (
        <p ref={credit} tabIndex={-1} role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-900 outline-none">
          Reported as spam: {formatUnitCount(view.creditedUnits)} credited
        </p>
      ) : view.spamReview === "pending" ? (
        <p ref={credit} tabIndex={-1} role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 outline-none" data-testid="spam-review-pending">
          Spam report pending review: this month&apos;s self-service credits are used up, so our team checks this call before crediting it.
        </p>
      ) : view.spamReview === "declined" ? (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-medium text-slate-900">Spam report declined after review: the units stay counted.</p>
      ) : view.canReportSpam ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">A spam call of 30 seconds or more can be reported: its units are credited.</p>
          <ReportSpamButton
            id={view.id}
            units={view.units}
            onReported={(updated) => {
              setView(updated);
              setJustReported(true);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
