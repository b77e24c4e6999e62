import { describe, expect, it } from "vitest";
import type { RuleView } from "../rule.schema";
import { formProblems, serverProblems, toBody, toFormValues, type RuleFormValues } from "./rule-form-values";

const filled = (over: Partial<RuleFormValues> = {}): RuleFormValues => ({ ...toFormValues(null), name: "Missed calls", memberUserIds: ["u1"], ...over });

describe("the rule form (issue 25)", () => {
  it("starts a new rule as e-mail, every call, all AI employees, enabled", () => {
    expect(toBody(toFormValues(null))).toEqual({
      name: "",
      channel: "email",
      condition: "every_call",
      phrase: null,
      aiEmployeeIds: [],
      memberUserIds: [],
      extraRecipients: [],
      quietHours: null,
      enabled: true,
    });
  });

  it("turns a stored rule into the form and back unchanged", () => {
    const body = {
      name: "Urgent",
      channel: "email" as const,
      condition: "phrase" as const,
      phrase: "leak",
      aiEmployeeIds: ["a1"],
      memberUserIds: ["u1", "u2"],
      extraRecipients: ["a@example.com", "b@example.com"],
      quietHours: { start: "22:00", end: "07:00" },
      enabled: false,
    };
    const rule: RuleView = { ...body, id: "r1", createdAt: "2026-11-27T00:00:00Z", updatedAt: "2026-11-27T00:00:00Z" };
    const values = toFormValues(rule);
    expect(values).toMatchObject({ allAiEmployees: false, extraRecipients: "a@example.com\nb@example.com", quietStart: "22:00", quietEnd: "07:00" });
    expect(formProblems(values)).toEqual({ body, problems: [] });
  });

  it("reads recipients one per line, drops the phrase of another condition, and sends no AI employee ids for all", () => {
    const body = toBody(filled({ extraRecipients: " a@example.com \n\n b@example.com\r\n", phrase: "leak", aiEmployeeIds: ["a1"], allAiEmployees: true }));
    expect(body).toMatchObject({ extraRecipients: ["a@example.com", "b@example.com"], phrase: null, aiEmployeeIds: [] });
  });

  it("sends no members on an SMS rule, and asks for a number when it has none", () => {
    expect(toBody(filled({ channel: "sms", extraRecipients: "+15550102000" })).memberUserIds).toEqual([]);
    expect(formProblems(filled({ channel: "sms" })).problems).toEqual([{ field: "extraRecipients", message: "Extra recipients: add at least one mobile number" }]);
  });

  it("shows each problem at its field, in words", () => {
    const { body, problems } = formProblems(filled({ name: " ", condition: "phrase", phrase: "", quietStart: "22:00", memberUserIds: [], allAiEmployees: false }));
    expect(body).toBeNull();
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: "name", message: "Rule name is required" },
        { field: "phrase", message: "Word or phrase is required when the condition is a word or phrase in the summary" },
        { field: "quietEnd", message: "Quiet hours until is needed too: set both times, or leave both empty" },
        { field: "memberUserIds", message: "Members: choose at least one member or add a recipient" },
        { field: "aiEmployeeIds", message: "Choose at least one AI employee, or all of them" },
      ]),
    );
    expect(formProblems(filled({ quietStart: "07:00", quietEnd: "07:00" })).problems).toEqual([{ field: "quietStart", message: "Quiet hours start and end must differ" }]);
  });

  it("puts the server's problems at the fields they name, a recipient's with its line", () => {
    expect(serverProblems('extraRecipients.1: "555" is not a valid mobile number; name: is required; quietHours.end: must be a time HH:MM (00:00 to 23:59); Too many rules')).toEqual([
      { field: "extraRecipients", message: 'Extra recipients, line 2: "555" is not a valid mobile number' },
      { field: "name", message: "Rule name is required" },
      { field: "quietEnd", message: "Quiet hours until must be a time HH:MM (00:00 to 23:59)" },
      { field: "", message: "Too many rules" },
    ]);
  });
});
