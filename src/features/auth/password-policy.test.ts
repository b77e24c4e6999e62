import { describe, expect, it } from "vitest";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-limits";
import { passwordProblem, passwordUserInputs } from "./password-policy";

describe("password policy", () => {
  it("needs at least 10 characters", async () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    // 9 random characters: long enough before (8), too short now.
    expect(await passwordProblem("Zq8#vLw2p")).toMatch(/at least 10 characters/);
    expect(await passwordProblem("")).toMatch(/enter a password/i);
    expect(await passwordProblem(undefined)).toMatch(/enter a password/i);
  });

  it("refuses more than 128 characters", async () => {
    expect(MAX_PASSWORD_LENGTH).toBe(128);
    expect(await passwordProblem("Tr1cky-Lantern-Quokka-".repeat(6))).toMatch(/at most 128 characters/);
  });

  it.each(["password-1234", "Password123!", "qwertyuiop12", "aaaaaaaaaaaa", "1234567890", "iloveyou2024", "letmein12345"])("refuses the common or guessable %s with advice", async (weak) => {
    const problem = await passwordProblem(weak);
    expect(problem).toMatch(/^Choose a stronger password: \S/);
    expect(problem).not.toMatch(/undefined|null/);
  });

  it("refuses a password made of the person's own e-mail address or names", async () => {
    const owner = { email: "zorblax.quintar@example.com", firstName: "Zorblax", lastName: "Quintar", name: "Zorblax Quintar" };
    expect(await passwordProblem("zorblaxquintar", {})).toBeNull();
    expect(await passwordProblem("zorblaxquintar", owner)).toMatch(/^Choose a stronger password: /);
  });

  it.each(["Tr1cky-Lantern-Quokka", "Quiet-Harbor-Lamp-71", "kx9#Lm2!vQ8zT", "velvet orbit quill marsh"])("accepts %s", async (strong) => {
    expect(await passwordProblem(strong, { email: "someone@example.com", firstName: "Sam", lastName: "Smith" })).toBeNull();
  });

  it("derives the user inputs from the address and names", () => {
    const words = passwordUserInputs({ email: "Jordan.Lee+ai@Example.com", firstName: "Jordan", lastName: "Lee", name: "Jordan Lee" });
    expect(words).toEqual(expect.arrayContaining(["jordan.lee+ai@example.com", "jordan.lee+ai", "jordan", "lee", "example", "jordan lee"]));
  });
});
