import { describe, expect, it } from "vitest";
import { formatPhone, phoneCountry, phoneHref } from "./phone-format";

describe("formatPhone", () => {
  it("shows a number of the account's country in national format, however it was written", () => {
    for (const raw of ["+15550102299", "5550102299", "555-010-2299", "+1 (555) 010-2299"]) expect(formatPhone(raw, "US")).toBe("(555) 010-2299");
    expect(formatPhone("+442079460958", "GB")).toBe("020 7946 0958");
    expect(formatPhone("+61412345678", "AU")).toBe("0412 345 678");
  });

  it("a number sharing the country's calling code (US and Canada) reads nationally too", () => {
    expect(formatPhone("+14165550100", "US")).toBe("(416) 555-0100");
  });

  it("shows another country's number in international format", () => {
    expect(formatPhone("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatPhone("+15550102299", "GB")).toBe("+1 555 010 2299");
    expect(formatPhone("+15550102299", "US", { international: true })).toBe("+1 555 010 2299");
  });

  it("leaves what is no phone number as it came", () => {
    expect(formatPhone("anonymous", "US")).toBe("anonymous");
    expect(formatPhone("+1555", "US")).toBe("+1555");
    expect(formatPhone("sip:front-desk@example.com", "US")).toBe("sip:front-desk@example.com");
  });

  it("an unknown country code is the US", () => {
    expect(phoneCountry("zz")).toBe("US");
    expect(phoneCountry("gb")).toBe("GB");
    expect(formatPhone("+15550102299", null)).toBe("(555) 010-2299");
  });
});

describe("phoneHref", () => {
  it("calls back in E.164, however the number was written", () => {
    expect(phoneHref("(555) 010-2299", "US")).toBe("tel:+15550102299");
    expect(phoneHref("020 7946 0958", "GB")).toBe("tel:+442079460958");
    expect(phoneHref("+44 20 7946 0958", "US")).toBe("tel:+442079460958");
    expect(phoneHref("anonymous", "US")).toBeNull();
    expect(phoneHref(null, "US")).toBeNull();
  });
});
