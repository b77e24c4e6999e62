import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { MIN_PASSWORD_SCORE, passwordLengthProblem } from "./auth-limits";

/**
 * The password policy for every password a user chooses (sign-up, change,
 * reset, set): at least MIN_PASSWORD_LENGTH characters, at most
 * MAX_PASSWORD_LENGTH, and a zxcvbn score of at least MIN_PASSWORD_SCORE
 * against the common-password, English and name dictionaries plus the
 * user's own e-mail address and names. Server only: the dictionaries are
 * large, so they are loaded on the first check and never bundled for the
 * browser. No network calls.
 */

let engine: Promise<ZxcvbnFactory> | undefined;

function loadEngine(): Promise<ZxcvbnFactory> {
  engine ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

export type PasswordOwner = {
  email?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

/** Words a guesser would try first for this person: the address, its parts and the names. */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value !== "string") return;
    const v = value.trim().toLowerCase();
    if (v.length >= 3 && v.length <= 200) words.add(v);
  };
  const email = typeof owner.email === "string" ? owner.email.trim().toLowerCase() : "";
  if (email) {
    add(email);
    const [local = "", domain = ""] = email.split("@");
    add(local);
    for (const part of local.split(/[._+-]+/)) add(part);
    add(domain.split(".")[0]);
  }
  for (const value of [owner.name, owner.firstName, owner.lastName]) {
    add(value);
    if (typeof value === "string") for (const part of value.split(/\s+/)) add(part);
  }
  add("ai employees");
  add("aiemployees");
  return [...words];
}

/**
 * Null when the password is acceptable, otherwise a message for the user
 * ("Choose a stronger password: ...").
 */
export async function passwordProblem(password: unknown, owner: PasswordOwner = {}): Promise<string | null> {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem || typeof password !== "string") return lengthProblem ?? "Enter a password.";
  const zxcvbn = await loadEngine();
  const result = zxcvbn.check(password, passwordUserInputs(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const advice = [result.feedback.warning, ...result.feedback.suggestions]
    .filter((s): s is string => typeof s === "string" && s.trim().length > 0)
    .slice(0, 2)
    .map((s) => s.trim().replace(/([^.!?])$/, "$1."));
  if (advice.length === 0) advice.push("Add another word or two; uncommon words are better.");
  return `Choose a stronger password: ${advice.join(" ")}`;
}
