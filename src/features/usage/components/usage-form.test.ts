import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, ResolverOptions } from "react-hook-form";
import { usageFormProblem, usageFormSchema, usagePayloadSchema, type UsageFormInput } from "../usage.schema";

const form = (patch: Partial<UsageFormInput>): UsageFormInput => ({
  subscriptionId: "sub_1",
  billingCycleId: "cycle_1",
  phoneInboundUsage: "0",
  phoneOutboundUsage: "0",
  textInboundUsage: "0",
  textOutboundUsage: "0",
  ...patch,
});

async function resolve(values: UsageFormInput) {
  const result = await zodResolver(usageFormSchema)(values, undefined, { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<UsageFormInput>);
  return result as { values: Record<string, unknown>; errors: FieldErrors<UsageFormInput> };
}

describe("Add Usage form", () => {
  it("reads the counts as numbers (empty is 0) into the server's usage payload", async () => {
    const { values, errors } = await resolve(form({ phoneInboundUsage: "20", phoneOutboundUsage: "", textInboundUsage: "48", textOutboundUsage: "12" }));
    expect(errors).toEqual({});
    expect(values).toEqual({ subscriptionId: "sub_1", billingCycleId: "cycle_1", phoneInboundUsage: 20, phoneOutboundUsage: 0, textInboundUsage: 48, textOutboundUsage: 12 });
    expect(usagePayloadSchema.parse(values)).toEqual(values);
  });

  it("asks for the subscription, then the billing cycle (spec 5)", async () => {
    expect(usageFormProblem((await resolve(form({ subscriptionId: "", billingCycleId: "" }))).errors)).toBe("Please select a subscription first");
    expect(usageFormProblem((await resolve(form({ billingCycleId: "" }))).errors)).toBe("Please select a billing cycle first");
  });

  it("keeps the form's wording for counts that are not whole numbers of 0 or more, and the server's for the upper bound", async () => {
    expect(usageFormProblem((await resolve(form({ phoneOutboundUsage: "-1" }))).errors)).toBe("Phone outbound usage must be a whole number, 0 or more");
    expect(usageFormProblem((await resolve(form({ textInboundUsage: "2.5" }))).errors)).toBe("Text inbound usage must be a whole number, 0 or more");
    expect(usageFormProblem((await resolve(form({ textOutboundUsage: "1000001" }))).errors)).toBe("Text outbound usage must be at most 1,000,000");
    // The first category in form order wins.
    expect(usageFormProblem((await resolve(form({ phoneInboundUsage: "1.5", textOutboundUsage: "-3" }))).errors)).toBe("Phone inbound usage must be a whole number, 0 or more");
  });
});
