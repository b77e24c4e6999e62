import { BackLink } from "@/lib/ui/back-link";
import { Badge } from "@/lib/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/lib/ui/card";
import { CHANNEL_LABEL, DIRECTION_LABEL, OUTCOME_LABEL, formatDuration, type InteractionDetail } from "../interaction-view";
import { callNumber, callTime, type CallDisplay } from "../call-display";
import { Field, otherParty } from "./call-row";
import { TimeZoneNote } from "./time-zone-note";
import { RecordingPlayer } from "./recording-player";
import { Transcript } from "./transcript";
import { UnitsPanel } from "./units-panel";

/** One call, text conversation or chat: summary, recording, units (and the spam report), details and the transcript. */
export function CallDetail({ item, display, canEditSettings }: { item: InteractionDetail; display: CallDisplay; canEditSettings: boolean }) {
  const kind = item.channel === "phone" ? `${DIRECTION_LABEL[item.direction]} call` : `${DIRECTION_LABEL[item.direction]} ${CHANNEL_LABEL[item.channel]} conversation`;
  const party = otherParty(item, display);
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <BackLink href="/calls">All calls and messages</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {kind} {item.direction === "inbound" ? "from" : "to"} {party}
      </h1>
      <p className="mt-1 text-slate-700">
        <time dateTime={item.startedAt}>{callTime(item.startedAt, display)}</time> · handled by {item.aiEmployeeName}
      </p>
      <TimeZoneNote display={display} canEditSettings={canEditSettings} />

      {/* Small screens read top to bottom: summary, units, recording, details, transcript; large ones put units and details beside. */}
      <div className="mt-6 grid items-start gap-6 lg:grid-flow-row-dense lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Summary</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="whitespace-pre-line break-words text-slate-900">{item.summary || "No summary was recorded."}</p>
            {item.appointmentBooked || item.spamReportedAt || item.tags.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {item.appointmentBooked ? (
                  <li>
                    <Badge variant="green">Appointment booked</Badge>
                  </li>
                ) : null}
                {item.spamReportedAt ? (
                  <li>
                    <Badge variant="amber">Reported as spam</Badge>
                  </li>
                ) : null}
                {item.tags.map((t) => (
                  <li key={t}>
                    <Badge variant="outline">{t}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
        {/* Beside the summary and, for a call, the recording; the details then sit beside the transcript. */}
        <Card className={item.channel === "phone" ? "lg:col-start-3 lg:row-span-2" : "lg:col-start-3"}>
          <CardHeader>
            <CardTitle as="h2">Units</CardTitle>
          </CardHeader>
          <CardContent>
            <UnitsPanel
              initial={{ id: item.id, units: item.units, creditedUnits: item.creditedUnits, unitRuleText: item.unitRuleText, canReportSpam: item.canReportSpam, spamReview: item.spamReview }}
            />
          </CardContent>
        </Card>
        {item.channel === "phone" ? (
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle as="h2">Recording</CardTitle>
            </CardHeader>
            <CardContent>
              {item.recordingUrl ? (
                <RecordingPlayer id={item.id} initialUrl={item.recordingUrl} label={`Recording of the ${kind.toLowerCase()}`} />
              ) : (
                <p className="text-sm text-slate-700">No recording is available for this call.</p>
              )}
              {item.recordingAnnounced === null ? null : <p className="mt-3 text-sm text-slate-700">{`Recording announcement: ${item.recordingAnnounced ? "played" : "not played"}`}</p>}
            </CardContent>
          </Card>
        ) : null}
        <Card className="lg:col-start-3 lg:row-span-2">
          <CardHeader>
            <CardTitle as="h2">Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm lg:grid-cols-1">
              <Detail label="AI employee">{item.aiEmployeeName}</Detail>
              <Detail label="Channel">{CHANNEL_LABEL[item.channel]}</Detail>
              <Detail label="Direction">{DIRECTION_LABEL[item.direction]}</Detail>
              <Detail label="Outcome">{OUTCOME_LABEL[item.outcome]}</Detail>
              {item.callerName ? <Detail label={item.direction === "inbound" ? "Caller" : "Called"}>{item.callerName}</Detail> : null}
              <Detail label="From">{callNumber(item.from, display) || "—"}</Detail>
              <Detail label="To">{callNumber(item.to, display) || "—"}</Detail>
              {item.channel === "phone" ? <Detail label="Duration">{formatDuration(item.durationSeconds) || "—"}</Detail> : <Detail label="AI messages">{item.agentMessages ?? 0}</Detail>}
              <Detail label="Session ID">
                <code className="break-all text-xs">{item.sessionId}</code>
              </Detail>
            </dl>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2">Transcript</CardTitle>
          </CardHeader>
          <CardContent>
            <Transcript turns={item.transcript} agentName={item.aiEmployeeName} callerName={item.callerName || (item.direction === "inbound" ? "Caller" : party)} timeZone={display.timeZone} />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Field label={label} className="break-words">
      {children}
    </Field>
  );
}
