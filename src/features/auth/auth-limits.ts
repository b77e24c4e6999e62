/**
 * Limits shared by the sign-up form (client) and the auth server. Nothing
 * here may import server code: the login form bundles this file.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn score (0-4) a new password needs: 3 is "safely unguessable" for online attacks. */
export const MIN_PASSWORD_SCORE = 3;
/** The length part of the password policy, with its messages: null when the length is acceptable. */
export function passwordLengthProblem(password: unknown): string | null {
  if (typeof password !== "string" || password.length === 0) return "Enter a password.";
  if (password.length < MIN_PASSWORD_LENGTH) return `Choose a longer password: use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Choose a shorter password: use at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; avoid common words and patterns.`;

/** name, firstName and lastName, after trimming. */
export const MAX_NAME_LENGTH = 100;
/** The profile image URL or object path. */
export const MAX_IMAGE_LENGTH = 2000;
