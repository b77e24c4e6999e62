import { describe, expect, it } from "vitest";
import { blockedWords } from "./schema";

describe("contact blacklist", () => {
  it("finds whole words and plurals, case-insensitively", () => {
    expect(blockedWords("Cheap LOANS", null, "try our Crypto wallet")).toEqual(["loan", "crypto"]);
    expect(blockedWords("adulthood", "debtors", "cryptography")).toEqual([]);
  });
});
