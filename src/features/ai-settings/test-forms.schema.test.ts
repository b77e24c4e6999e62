import { describe, expect, it } from "vitest";
import { previewTimeSchema, testerNumberSchema } from "./test-forms.schema";

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("tester number box", () => {
  it("reads a typed number as E.164, and empty as nothing to add", () => {
    expect(testerNumberSchema([]).parse({ number: " (212) 555-0100 " })).toEqual({ number: "+12125550100" });
    expect(testerNumberSchema([]).parse({ number: "  " })).toEqual({ number: null });
  });
  it("names a number that is not one, and one already on the list, with the words the test call showed", () => {
    expect(issue(testerNumberSchema([]).safeParse({ number: "call me" }))).toBe('"call me" is not a valid phone number');
    expect(issue(testerNumberSchema(["+12125550100"]).safeParse({ number: "212-555-0100" }))).toBe("(212) 555-0100 is already a tester number");
  });
});

describe("preview time", () => {
  it("keeps now or a weekday and time; an empty time is midnight", () => {
    expect(previewTimeSchema.parse({ when: "now", day: "mon", time: "09:00" })).toEqual({ when: "now", day: "mon", time: "09:00" });
    expect(previewTimeSchema.parse({ when: "pick", day: "sat", time: "" })).toEqual({ when: "pick", day: "sat", time: "00:00" });
    expect(previewTimeSchema.safeParse({ when: "pick", day: "someday", time: "10:00" }).success).toBe(false);
  });
});
