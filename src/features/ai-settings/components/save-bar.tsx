"use client";
import { Button } from "@/lib/ui/button";

/** Why the last save did not go through. */
export type SaveAlert = { kind: "invalid"; problems: string[] } | { kind: "conflict"; message: string } | { kind: "error"; message: string };

const SHOWN_PROBLEMS = 5;

function AlertBody({ alert, onReload, reloading }: { alert: SaveAlert; onReload: () => void; reloading: boolean }) {
  if (alert.kind === "invalid") {
    const more = alert.problems.length - SHOWN_PROBLEMS;
    return (
      <>
        <p className="font-semibold">The settings were not saved. Fix {alert.problems.length === 1 ? "this problem" : "these problems"} first:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {alert.problems.slice(0, SHOWN_PROBLEMS).map((p) => (
            <li key={p}>{p}</li>
          ))}
          {more > 0 ? <li>and {more} more, marked in the form</li> : null}
        </ul>
      </>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="min-w-0 flex-1">{alert.message}</p>
      {alert.kind === "conflict" ? (
        <Button type="button" variant="outline" size="sm" onClick={onReload} disabled={reloading}>
          {reloading ? "Reloading…" : "Reload settings"}
        </Button>
      ) : null}
    </div>
  );
}

/** The save button, whether there are unsaved changes, and why the last save failed; stays in view at the bottom. */
export function SaveBar({ busy, dirty, alert, onReload, reloading }: { busy: boolean; dirty: boolean; alert: SaveAlert | null; onReload: () => void; reloading: boolean }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-1 space-y-3 border-t border-slate-200 bg-white/95 px-1 py-3 backdrop-blur">
      <div aria-live="polite">
        {alert ? (
          <div role="alert" className="max-h-[40vh] overflow-y-auto rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <AlertBody alert={alert} onReload={onReload} reloading={reloading} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{dirty ? "You have unsaved changes." : "All changes saved."}</p>
        {/* Busy is aria-disabled, not disabled, so focus stays on the button while it saves (the form ignores a second submit). */}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </div>
  );
}
