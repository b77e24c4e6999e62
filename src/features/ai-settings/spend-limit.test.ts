import { describe, expect, it } from "vitest";
import { spendLimitLabel, spendModeFor } from "./spend-limit";

// A plan of 500 units with extra units at $1.65 (165 cents).
const plan = { includedMilli: 500_000, extraUnitCents: 165 };
const at = (usedMilli: number, p: { includedMilli: number | null; extraUnitCents: number | null } = plan) => ({ usedMilli, ...p });

describe("spendModeFor", () => {
  it("never switches when billing extra units (today's behaviour)", () => {
    const limit = { mode: "bill_extra" as const, capCents: null };
    expect(spendModeFor(limit, at(0))).toBe("normal");
    expect(spendModeFor(limit, at(500_000))).toBe("normal");
    expect(spendModeFor(limit, at(50_000_000))).toBe("normal");
  });

  it("switches to messages only at exactly 100% of the included units", () => {
    const limit = { mode: "messages_at_limit" as const, capCents: null };
    expect(spendModeFor(limit, at(499_999))).toBe("normal");
    expect(spendModeFor(limit, at(500_000))).toBe("messages_only");
    expect(spendModeFor(limit, at(600_000))).toBe("messages_only");
  });

  it("allows extra units up to the dollar amount, counted in integer cents as the bill charges them", () => {
    // $33.00 buys 20 extra units at $1.65: 520 units in all.
    const limit = { mode: "cap" as const, capCents: 3300 };
    expect(spendModeFor(limit, at(500_000))).toBe("normal");
    expect(spendModeFor(limit, at(510_000))).toBe("normal");
    expect(spendModeFor(limit, at(520_000))).toBe("messages_only");
    // 19.997 extra units cost 3299.505 cents, billed as $33.00: the cap is reached.
    expect(spendModeFor(limit, at(519_997))).toBe("messages_only");
    // 19.996 extra units cost 3299.34 cents, billed as $32.99: not yet.
    expect(spendModeFor(limit, at(519_996))).toBe("normal");
  });

  it("switches a cap at 100% when the plan has no extra-unit price", () => {
    const limit = { mode: "cap" as const, capCents: 10_000 };
    expect(spendModeFor(limit, at(499_000, { includedMilli: 500_000, extraUnitCents: null }))).toBe("normal");
    expect(spendModeFor(limit, at(500_000, { includedMilli: 500_000, extraUnitCents: null }))).toBe("messages_only");
  });

  it("never switches on an unlimited plan", () => {
    const unlimited = { includedMilli: null, extraUnitCents: null };
    expect(spendModeFor({ mode: "messages_at_limit", capCents: null }, at(10_000_000, unlimited))).toBe("normal");
    expect(spendModeFor({ mode: "cap", capCents: 100 }, at(10_000_000, unlimited))).toBe("normal");
  });
});

describe("spendLimitLabel", () => {
  it("names each choice as the settings page does", () => {
    expect(spendLimitLabel("bill_extra")).toBe("Keep answering and bill extra units");
    expect(spendLimitLabel("cap")).toBe("Allow extra units up to an amount, then take messages only");
    expect(spendLimitLabel("messages_at_limit")).toBe("Take messages only at 100%");
  });
});
