import type { TranscriptTurn } from "@/db/schema/interactions";
import { cn } from "@/lib/ui/cn";
import { turnClock } from "../interaction-view";

/** The conversation as chat bubbles: the AI employee on the left, the caller on the right. */
export function Transcript({ turns, agentName, callerName, timeZone }: { turns: TranscriptTurn[]; agentName: string; callerName: string; timeZone: string }) {
  if (turns.length === 0) return <p className="text-sm text-slate-700">No transcript was recorded for this conversation.</p>;
  return (
    <ol className="space-y-3" aria-label="Conversation">
      {turns.map((turn, n) => {
        const agent = turn.speaker === "agent";
        return (
          <li key={n} className={cn("flex", agent ? "justify-start" : "justify-end")}>
            <div className={cn("max-w-[85%] rounded-2xl px-4 py-2 sm:max-w-[75%]", agent ? "rounded-bl-sm bg-brand-50 text-slate-900" : "rounded-br-sm bg-slate-100 text-slate-900")}>
              <p className="text-xs font-semibold text-slate-700">
                {agent ? agentName : callerName}
                {turn.at ? <TurnTime at={turn.at} timeZone={timeZone} /> : null}
              </p>
              <p className="whitespace-pre-line break-words text-sm">{turn.text}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A turn's time: the clock of the page's zone when it is a timestamp, otherwise as the platform sent it. */
function TurnTime({ at, timeZone }: { at: string; timeZone: string }) {
  const clock = turnClock(at, timeZone);
  return clock ? (
    <time className="font-normal" dateTime={at}>
      {" "}
      · {clock}
    </time>
  ) : (
    <span className="font-normal"> · {at}</span>
  );
}
