/**
 * Limits shared by the sign-up form (client) and the auth server. Nothing
 * here may import server code: the login form bundles this file.
 */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** zxcvbn score (0-4) a new password needs: 3 is "safely unguessable" for online attacks. */
export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters; avoid common words and patterns.`;

/** name, firstName and lastName, after trimming. */
export const MAX_NAME_LENGTH = 100;
/** The profile image URL or object path. */
export const MAX_IMAGE_LENGTH = 2000;
