import { describe, expect, it } from "vitest";
import { context, defaults, fullDocument } from "./__fixtures__/documents";
import { callerPlan, previewAt } from "./caller-plan";
import type { SettingsDocument } from "./settings.schema";

const preview = (doc: SettingsDocument, iso: string, messagesOnly = false) => previewAt(callerPlan(doc, { ...context, messagesOnly }), new Date(iso));
const MESSAGES_ONLY = "Thank you for calling Bright Smile Dental, this is Ava. We can only take messages right now. Please leave your name, your number and your message, and we'll get back to you.";

describe("What a caller hears", () => {
  it("Saturday 22:00 with the default hours: closed, the message text, no transfers, no booking", () => {
    // 2026-06-07 02:00 UTC is Saturday 2026-06-06 22:00 in New York (EDT).
    const p = preview(defaults(), "2026-06-07T02:00:00.000Z");
    expect(p).toMatchObject({ at: "2026-06-07T02:00:00.000Z", timeZone: "America/New_York", localTime: "Saturday 22:00", open: false, closedDay: null, messagesOnly: false });
    // The greeting first (the platform's begin message at every hour), then the after-hours text.
    expect(p.spoken).toEqual({ kind: "after-hours", text: `${defaults().greeting} ${defaults().afterHours.messageText}` });
    expect(p.afterHours).toEqual({ action: "message", transferNumber: null });
    expect(p.transferRules).toEqual([]);
    expect(p.bookingOn).toBe(false);
    expect(p.recordingAnnouncement).toBe("This call may be recorded for quality and training.");
  });

  it("a weekday morning: open, the greeting, every transfer rule in order, booking on", () => {
    // Tuesday 2026-06-09 10:00 EDT.
    const p = preview(fullDocument(), "2026-06-09T14:00:00Z");
    expect(p.localTime).toBe("Tuesday 10:00");
    expect(p.open).toBe(true);
    expect(p.spoken).toEqual({ kind: "greeting", text: "Thank you for calling Bright Smile Dental, this is Ava. How can I help you today?" });
    expect(p.afterHours).toBeNull();
    expect(p.transferRules.map((r) => r.label)).toEqual(["Emergencies", "Billing"]);
    expect(p.transferRules[1].when).toBe("the caller asks about a bill or a payment");
    expect(p.bookingOn).toBe(true);
  });

  it("booking shows off while open when it is off in the settings", () => {
    expect(preview({ ...fullDocument(), booking: { ...fullDocument().booking, enabled: false } }, "2026-06-09T14:00:00Z").bookingOn).toBe(false);
  });

  it("closed with an after-hours transfer: the transfer text and number, and no transfer rules", () => {
    const p = preview(fullDocument(), "2026-06-07T02:00:00Z");
    expect(p).toMatchObject({ localTime: "Saturday 22:00", open: false, bookingOn: false, transferRules: [] });
    expect(p.spoken).toEqual({ kind: "after-hours", text: `${fullDocument().greeting} We're closed, so I'll put you through to our on-call line.` });
    expect(p.afterHours).toEqual({ action: "transfer", transferNumber: "+12125550199" });
  });

  it("closed with 'tell the hours': the hours text", () => {
    const doc = { ...defaults(), afterHours: { ...defaults().afterHours, action: "hours" as const } };
    const p = preview(doc, "2026-06-07T02:00:00Z");
    expect(p.spoken).toEqual({ kind: "after-hours", text: `${doc.greeting} ${doc.afterHours.hoursText}` });
    expect(p.afterHours).toEqual({ action: "hours", transferNumber: null });
  });

  it("Friday's late range: open on Saturday at 01:00, with the transfer rules", () => {
    // Saturday 2026-06-06 01:00 EDT.
    const p = preview(fullDocument(), "2026-06-06T05:00:00Z");
    expect(p).toMatchObject({ localTime: "Saturday 01:00", open: true, spoken: { kind: "greeting" } });
    expect(p.transferRules).toHaveLength(2);
  });

  it("a closed day: closed, with its label, on what would be an open Friday", () => {
    // Friday 2026-07-03 11:00 EDT.
    const p = preview(fullDocument(), "2026-07-03T15:00:00Z");
    expect(p).toMatchObject({ localTime: "Friday 11:00", open: false, closedDay: { date: "2026-07-03", label: "Independence Day (observed)" }, transferRules: [], bookingOn: false });
    expect(p.spoken.kind).toBe("after-hours");
  });

  it("across the DST changes in New York: Sunday 09:30 is open on 2026-03-08 (EDT) and 08:30 closed on 2026-11-01 (EST)", () => {
    const spring = preview(fullDocument(), "2026-03-08T13:30:00Z");
    expect(spring).toMatchObject({ localTime: "Sunday 09:30", open: true, spoken: { kind: "greeting" } });
    const autumn = preview(fullDocument(), "2026-11-01T13:30:00Z");
    expect(autumn).toMatchObject({ localTime: "Sunday 08:30", open: false, spoken: { kind: "after-hours" } });
  });

  it("in Europe/London across British Summer Time", () => {
    const doc = { ...fullDocument(), timeZone: "Europe/London" };
    // Sunday 2026-03-29 08:30 UTC is 09:30 BST: open. The Sunday before, 08:30 UTC is 08:30 GMT: closed.
    expect(preview(doc, "2026-03-29T08:30:00Z")).toMatchObject({ localTime: "Sunday 09:30", open: true });
    expect(preview(doc, "2026-03-22T08:30:00Z")).toMatchObject({ localTime: "Sunday 08:30", open: false });
  });

  it("messages only while open: the messages-only sentence instead of the greeting, no transfers, no booking", () => {
    const p = preview(fullDocument(), "2026-06-09T14:00:00Z", true);
    expect(p.open).toBe(true);
    expect(p.messagesOnly).toBe(true);
    expect(p.spoken).toEqual({ kind: "messages-only", text: MESSAGES_ONLY });
    expect(p.transferRules).toEqual([]);
    expect(p.bookingOn).toBe(false);
    expect(p.afterHours).toBeNull();
  });

  it("messages only while closed: the messages-only sentence instead of the after-hours transfer", () => {
    const p = preview(fullDocument(), "2026-06-07T02:00:00Z", true);
    expect(p).toMatchObject({ localTime: "Saturday 22:00", open: false, messagesOnly: true, afterHours: null, transferRules: [], bookingOn: false });
    expect(p.spoken).toEqual({ kind: "messages-only", text: MESSAGES_ONLY });
  });
});

describe("callerPlan", () => {
  it("writes out the week in order, with ranges past midnight, and closed days by date", () => {
    const plan = callerPlan(fullDocument(), context);
    expect(plan.week.map((d) => `${d.label}: ${d.text}`)).toEqual([
      "Monday: 08:00–12:00, 13:00–17:00",
      "Tuesday: 09:00–17:00",
      "Wednesday: 09:00–17:00",
      "Thursday: 09:00–17:00",
      "Friday: 09:00–17:00, 22:00–02:00 (until 02:00 on Saturday)",
      "Saturday: closed",
      "Sunday: 09:00–12:00",
    ]);
    expect(plan.closedDays.map((c) => c.date)).toEqual(["2026-07-03", "2026-12-25"]);
    expect(plan.afterHours).toEqual({ action: "transfer", label: "Transfer to a number", text: "We're closed, so I'll put you through to our on-call line.", transferNumber: "+12125550199" });
  });
});
