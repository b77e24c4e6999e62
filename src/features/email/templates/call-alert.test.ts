import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "../render-email";
import { emailLinks } from "../testing/email-links";
import { CALL_SUMMARY_NOT_READY, CallAlert, type CallAlertProps } from "./call-alert";

const BASE = "https://app.example.com";
const props = (over: Partial<CallAlertProps> = {}): CallAlertProps => ({
  headline: "New call from Rosa <Martinez>",
  caller: "Rosa <Martinez>, (212) 555-0100",
  time: "Nov 23, 2026 14:05 CST",
  outcome: "Voicemail",
  aiEmployeeName: "Nova",
  summary: "Furnace & boiler check",
  appointmentBooked: false,
  callUrl: `${BASE}/calls/abc`,
  spamUrl: `${BASE}/calls/abc#report-spam`,
  ruleName: "Missed calls",
  accountName: "Bright Smile Dental",
  unsubscribeUrl: `${BASE}/unsubscribe?token=t.s`,
  ...over,
});

describe("the call notification e-mail", () => {
  it("tells the caller, time, outcome, booking and summary in both parts, escaped in the HTML", async () => {
    const { html, text } = await renderEmail(createElement(CallAlert, props()));
    for (const line of [
      "Caller: Rosa <Martinez>, (212) 555-0100",
      "Time: Nov 23, 2026 14:05 CST",
      "Outcome: Voicemail",
      "Appointment booked: No",
      "AI employee: Nova",
      "Summary: Furnace & boiler check",
    ]) {
      expect(text).toContain(line);
    }
    expect(html).toContain("Rosa &lt;Martinez&gt;");
    expect(html).not.toContain("<Martinez>");
    expect(text).toContain("You receive this because of the notification rule “Missed calls” of Bright Smile Dental.");
  });

  it("links to the call's page, to its spam control (a page, not an action) and to the unsubscribe page", async () => {
    const rendered = await renderEmail(createElement(CallAlert, props({ appointmentBooked: true })));
    const links = emailLinks(rendered);
    expect(new Set(links.html)).toEqual(new Set([`${BASE}/calls/abc`, `${BASE}/calls/abc#report-spam`, `${BASE}/unsubscribe?token=t.s`]));
    expect(new Set(links.text)).toEqual(new Set([`${BASE}/calls/abc`, `${BASE}/calls/abc#report-spam`, `${BASE}/unsubscribe?token=t.s`]));
    expect(rendered.text).toContain("Appointment booked: Yes");
  });

  it("says when the summary was not ready", async () => {
    const { text } = await renderEmail(createElement(CallAlert, props({ summary: null })));
    expect(text).toContain(`Summary: ${CALL_SUMMARY_NOT_READY}`);
  });
});
