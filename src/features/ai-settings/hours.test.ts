import { describe, expect, it } from "vitest";
import { hoursProblems, openAt } from "./hours";
import type { ClosedDay, WeeklyHours } from "./settings.schema";

const closedWeek = (): WeeklyHours => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
const week = (patch: Partial<WeeklyHours>): WeeklyHours => ({ ...closedWeek(), ...patch });
const nineToFive = [{ open: "09:00", close: "17:00" }];
const r = (open: string, close: string) => ({ open, close });

describe("hoursProblems", () => {
  it("accepts ordinary hours, several ranges a day, and a range running past midnight into a free morning", () => {
    const hours = week({
      mon: [
        { open: "08:00", close: "12:00" },
        { open: "13:00", close: "17:00" },
      ],
      fri: [{ open: "22:00", close: "02:00" }],
      sat: [{ open: "10:00", close: "24:00" }],
    });
    expect(hoursProblems(hours, [])).toEqual([]);
  });

  it("accepts ranges that touch without overlapping", () => {
    expect(
      hoursProblems(
        week({
          mon: [
            { open: "09:00", close: "12:00" },
            { open: "12:00", close: "17:00" },
          ],
        }),
        [],
      ),
    ).toEqual([]);
    expect(hoursProblems(week({ fri: [{ open: "22:00", close: "02:00" }], sat: [{ open: "02:00", close: "06:00" }] }), [])).toEqual([]);
  });

  // Each refused week names one problem: what is wrong, then where (the day, the range, its field).
  it.each([
    // An empty range.
    ["Monday's hours 2 are empty: opening and closing are the same time", { mon: [...nineToFive, r("13:00", "13:00")] }, "mon", 1, "close"],
    // Overlapping ranges on a day, in either order.
    ["Monday's hours 2 overlap hours 1", { mon: [r("09:00", "13:00"), r("12:00", "17:00")] }, "mon", 1, "open"],
    ["Tuesday's hours 2 overlap hours 1", { tue: [r("12:00", "17:00"), r("08:00", "20:00")] }, "tue", 1, "open"],
    // A range running past midnight over the next day's early hours, Sunday into Monday too.
    ["Friday's hours 1 (22:00–02:00) run past midnight into Saturday's hours 1 (01:00–05:00)", { fri: [r("22:00", "02:00")], sat: [r("01:00", "05:00")] }, "fri", 0, "close"],
    ["Sunday's hours 1 (20:00–09:30) run past midnight into Monday's hours 1 (09:00–17:00)", { sun: [r("20:00", "09:30")], mon: nineToFive }, "sun", 0, "close"],
    // A range running past midnight that overlaps a later range the same evening.
    ["Saturday's hours 2 overlap hours 1", { sat: [r("18:00", "24:00"), r("23:00", "01:00")] }, "sat", 1, "open"],
    // Opening at 24:00.
    ["Wednesday's hours 1 cannot open at 24:00: open at 00:00 on Thursday instead", { wed: [r("24:00", "02:00")] }, "wed", 0, "open"],
  ])("refuses: %s", (message, patch: Partial<WeeklyHours>, day, index, field) => {
    expect(hoursProblems(week(patch), [])).toEqual([{ path: ["hours", day, index, field], message }]);
  });

  it("refuses the same closed day twice", () => {
    const closed: ClosedDay[] = [
      { date: "2026-12-25", label: "Christmas Day" },
      { date: "2026-12-26", label: "Boxing Day" },
      { date: "2026-12-25", label: "Christmas again" },
    ];
    expect(hoursProblems(week({ mon: nineToFive }), closed)).toEqual([{ path: ["closedDays", 2, "date"], message: "Closed day 3 repeats 2026-12-25, already closed day 1" }]);
  });
});

describe("openAt", () => {
  const ny = (patch: Partial<WeeklyHours>, closedDays: ClosedDay[] = []) => ({ timeZone: "America/New_York", hours: week(patch), closedDays });

  it("reads the local weekday, date and time in the business's zone", () => {
    // 2026-06-05 is a Friday; 03:30 UTC is 23:30 on Thursday in New York (EDT, UTC−4).
    expect(openAt(ny({ thu: nineToFive }), new Date("2026-06-05T03:30:00Z"))).toEqual({ open: false, weekday: "thu", localDate: "2026-06-04", localTime: "23:30", closedDay: null });
    expect(openAt(ny({ thu: nineToFive }), new Date("2026-06-04T13:00:00Z"))).toMatchObject({ open: true, weekday: "thu", localTime: "09:00" });
    expect(openAt(ny({ thu: nineToFive }), new Date("2026-06-04T21:00:00Z"))).toMatchObject({ open: false, localTime: "17:00" });
  });

  it("keeps a Friday 22:00–02:00 range open on Saturday at 01:00, and closed at 02:00", () => {
    const doc = ny({ fri: [{ open: "22:00", close: "02:00" }] });
    expect(openAt(doc, new Date("2026-06-06T02:30:00Z"))).toMatchObject({ open: true, weekday: "fri", localTime: "22:30" });
    expect(openAt(doc, new Date("2026-06-06T05:00:00Z"))).toMatchObject({ open: true, weekday: "sat", localDate: "2026-06-06", localTime: "01:00" });
    expect(openAt(doc, new Date("2026-06-06T06:00:00Z"))).toMatchObject({ open: false, weekday: "sat", localTime: "02:00" });
    // The range belongs to Friday: Thursday night is closed.
    expect(openAt(doc, new Date("2026-06-05T05:00:00Z"))).toMatchObject({ open: false, weekday: "fri", localTime: "01:00" });
  });

  it("runs Sunday's late range into Monday morning", () => {
    const doc = ny({ sun: [{ open: "23:00", close: "03:00" }] });
    // 2026-06-08 is a Monday.
    expect(openAt(doc, new Date("2026-06-08T06:59:00Z"))).toMatchObject({ open: true, weekday: "mon", localTime: "02:59" });
  });

  it("follows the spring-forward change in New York (2026-03-08)", () => {
    const doc = ny({ sat: [{ open: "22:00", close: "02:00" }], sun: nineToFive });
    // Before the change: EST, UTC−5. Saturday 2026-03-07 23:30.
    expect(openAt(doc, new Date("2026-03-08T04:30:00Z"))).toMatchObject({ open: true, weekday: "sat", localTime: "23:30" });
    // 01:30 EST, inside the range past midnight.
    expect(openAt(doc, new Date("2026-03-08T06:30:00Z"))).toMatchObject({ open: true, weekday: "sun", localDate: "2026-03-08", localTime: "01:30" });
    // One hour later the clocks jump from 02:00 to 03:00: 03:30 EDT, closed.
    expect(openAt(doc, new Date("2026-03-08T07:30:00Z"))).toMatchObject({ open: false, localTime: "03:30" });
    // After the change: EDT, UTC−4. 13:30 UTC is 09:30 (a fixed −5 offset would say 08:30, closed).
    expect(openAt(doc, new Date("2026-03-08T13:30:00Z"))).toMatchObject({ open: true, localTime: "09:30" });
    expect(openAt(doc, new Date("2026-03-08T21:00:00Z"))).toMatchObject({ open: false, localTime: "17:00" });
  });

  it("follows the fall-back change in New York (2026-11-01)", () => {
    const doc = ny({ sun: nineToFive, sat: [{ open: "20:00", close: "01:30" }] });
    // 01:15 comes twice: first EDT (05:15 UTC), then EST (06:15 UTC). Both are inside Saturday's range.
    expect(openAt(doc, new Date("2026-11-01T05:15:00Z"))).toMatchObject({ open: true, weekday: "sun", localTime: "01:15" });
    expect(openAt(doc, new Date("2026-11-01T06:15:00Z"))).toMatchObject({ open: true, weekday: "sun", localTime: "01:15" });
    expect(openAt(doc, new Date("2026-11-01T06:45:00Z"))).toMatchObject({ open: false, localTime: "01:45" });
    // After the change: EST, UTC−5. 13:30 UTC is 08:30, closed (EDT would say 09:30, open).
    expect(openAt(doc, new Date("2026-11-01T13:30:00Z"))).toMatchObject({ open: false, localTime: "08:30" });
    expect(openAt(doc, new Date("2026-11-01T14:30:00Z"))).toMatchObject({ open: true, localTime: "09:30" });
  });

  it("follows British Summer Time in Europe/London", () => {
    const doc = { timeZone: "Europe/London", hours: week({ sat: nineToFive, sun: nineToFive }), closedDays: [] };
    // Saturday 2026-03-28 is GMT: 08:30 UTC is 08:30, closed.
    expect(openAt(doc, new Date("2026-03-28T08:30:00Z"))).toMatchObject({ open: false, weekday: "sat", localTime: "08:30" });
    // Sunday 2026-03-29 is BST from 01:00 UTC: 08:30 UTC is 09:30, open.
    expect(openAt(doc, new Date("2026-03-29T08:30:00Z"))).toMatchObject({ open: true, weekday: "sun", localTime: "09:30" });
    // Back to GMT on 2026-10-25: 16:30 UTC is 16:30, open; BST would say 17:30.
    expect(openAt(doc, new Date("2026-10-25T16:30:00Z"))).toMatchObject({ open: true, localTime: "16:30" });
  });

  it("closes a closed day all day, with its label", () => {
    const christmas = { date: "2026-12-25", label: "Christmas Day" };
    // 2026-12-25 is a Friday.
    const doc = ny({ fri: nineToFive }, [christmas]);
    expect(openAt(doc, new Date("2026-12-25T15:00:00Z"))).toEqual({ open: false, weekday: "fri", localDate: "2026-12-25", localTime: "10:00", closedDay: christmas });
    // The Friday after is open again.
    expect(openAt(doc, new Date("2027-01-01T15:00:00Z"))).toMatchObject({ open: true, closedDay: null });
  });

  it("stops a range from the evening before at midnight when the next date is closed", () => {
    const christmas = { date: "2026-12-25", label: "Christmas Day" };
    const doc = ny({ thu: [{ open: "22:00", close: "02:00" }] }, [christmas]);
    expect(openAt(doc, new Date("2026-12-25T04:30:00Z"))).toMatchObject({ open: true, weekday: "thu", localTime: "23:30" });
    expect(openAt(doc, new Date("2026-12-25T06:00:00Z"))).toMatchObject({ open: false, weekday: "fri", localTime: "01:00", closedDay: christmas });
  });

  it("does not open a range on a closed day, nor its part past midnight", () => {
    const christmas = { date: "2026-12-25", label: "Christmas Day" };
    const doc = ny({ fri: [{ open: "22:00", close: "02:00" }] }, [christmas]);
    expect(openAt(doc, new Date("2026-12-26T04:00:00Z"))).toMatchObject({ open: false, weekday: "fri", localTime: "23:00", closedDay: christmas });
    expect(openAt(doc, new Date("2026-12-26T06:00:00Z"))).toMatchObject({ open: false, weekday: "sat", localDate: "2026-12-26", localTime: "01:00", closedDay: christmas });
    // A week later the same range runs as usual.
    expect(openAt(doc, new Date("2027-01-02T06:00:00Z"))).toMatchObject({ open: true, weekday: "sat", closedDay: null });
  });
});
