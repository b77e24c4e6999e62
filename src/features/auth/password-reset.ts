/**
 * "Forgot password?" (ADR 0104): the pages, the link's lifetime and what the
 * pages say. Browser-safe: the forms bundle this file.
 */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";

/** A reset link works once, for this long. */
export const RESET_LINK_SECONDS = 60 * 60;

/** The answer to every request for a link, whether the address has an account or not. */
export const RESET_REQUESTED_MESSAGE = "If an account exists for that address, we have sent a link to reset the password.";

/** A link that has expired, was used already, or was not copied whole (better-auth cannot tell these apart once the token is gone). */
export const RESET_LINK_INVALID_MESSAGE = "This link to reset your password no longer works: it has expired, has already been used, or is incomplete. A link works once, for 1 hour.";

/** The sign-in page's notice after a reset (/login?reset=1). */
export const PASSWORD_CHANGED_NOTICE = "Your password has been changed and every session was signed out. Sign in with your new password.";
