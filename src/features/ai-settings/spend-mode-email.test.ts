import { describe, expect, it } from "vitest";
import { emailLinks } from "@/features/email/testing/email-links";
import { spendModeEmail } from "./spend-mode-email";
import { spendLimitText } from "./spend-mode-text";
import { expectEmail } from "@/features/email/testing/expect-email";

const base = { firstName: "Dana", aiEmployeeName: "Nova", aiEmployeeId: "ord_1", baseUrl: "https://app.example.com" };
const settings = "https://app.example.com/ai-employees/ord_1/settings";

describe("spend limit texts", () => {
  it("say what each limit does, dollars whole when they are", () => {
    expect(spendLimitText({ mode: "messages_at_limit", capCents: null })).toBe("take messages only at 100%");
    expect(spendLimitText({ mode: "cap", capCents: 5000 })).toBe("allow extra units up to $50, then take messages only");
    expect(spendLimitText({ mode: "cap", capCents: 1250 })).toBe("allow extra units up to $12.50, then take messages only");
    expect(spendLimitText({ mode: "bill_extra", capCents: null })).toBe("keep answering and bill extra units");
  });
});

describe("spend limit e-mails", () => {
  it("messages only: the limit, the units, until when, and the link to change it", async () => {
    const mail = await spendModeEmail("dana@example.com", { ...base, to: "messages_only", limitText: "take messages only at 100%", usedUnits: "120", includedUnits: 120, until: "Dec 3, 2026" });
    expectEmail(mail, { to: "dana@example.com", kind: "spend-limit", subject: "Spend limit reached: Nova is taking messages only" }, [
      "Hi Dana,",
      "Nova has reached the spend limit you set: take messages only at 100%. 120 of the 120 included units are used this usage month.",
      "Until Dec 3, 2026, when the next usage month starts, Nova takes a message on every call",
    ]);
    expect(emailLinks(mail)).toEqual({ text: [settings, settings], html: [settings, settings] });
  });

  it("back to normal: why", async () => {
    const month = await spendModeEmail("dana@example.com", { ...base, to: "normal", reason: "new_month" });
    expect(month.subject).toBe("Nova is answering calls normally again");
    expect(month.text).toContain("A new usage month has started, so Nova answers calls normally again.");
    const below = await spendModeEmail("dana@example.com", { ...base, firstName: null, to: "normal", reason: "below_limit" });
    expect(below.text).toContain("Hi,");
    expect(below.text).toContain("below the spend limit again (the limit was changed or units were credited)");
  });
});
