import { describe, expect, it } from "vitest";
import { formatCents, formatDollars } from "@/features/plans/catalogue";
import { formatDate, subscriptionPrice } from "./format";

describe("portal formatting (over @/lib/format)", () => {
  it("keeps the portal's long UTC dates", () => {
    expect(formatDate("2026-03-05T12:00:00Z")).toBe("March 5, 2026");
    expect(formatDate("2026-11-23T23:30:00Z")).toBe("November 23, 2026");
    expect(formatDate(null)).toBe("");
    expect(formatDate("nope")).toBe("");
  });
  it("keeps the catalogue's money strings", () => {
    expect(formatCents(14900)).toBe("$149.00");
    expect(formatCents(438000)).toBe("$4,380.00");
    expect(formatDollars(109900)).toBe("$1,099");
    expect(formatDollars(14950)).toBe("$150");
    expect(subscriptionPrice({ billing: "annual", plan: { annualPrice: 438000, monthlyPrice: 42000 } } as Parameters<typeof subscriptionPrice>[0])).toBe("$4,380.00 per year");
  });
});
