/** Where better-auth sends a failed sign-in callback (onAPIError.errorURL), with ?error=<code>. */
export const SIGN_IN_FAILED_PATH = "/sign-in-failed";

/**
 * What the sign-in-failed page tells the person, by better-auth's callback
 * error code. Unknown codes (and the issuer's own errors, e.g. access_denied)
 * get the general message; the code itself is never shown as the reason.
 */
export function signInFailedMessage(code: string | undefined): string {
  switch (code) {
    case "account_not_linked":
      return "An account with this e-mail address already exists here. It can be joined to your sign-in only when both the identity provider and this account have confirmed the address. Sign in with your password, confirm your address, then try again.";
    case "access_denied":
      return "The sign-in was cancelled at the identity provider.";
    case "email_not_found":
      return "The identity provider did not tell us your e-mail address, which we need to find your account.";
    case "please_restart_the_process":
    case "state_mismatch":
    case "state_not_found":
    case "state_invalid":
      return "The sign-in link was not the one this browser started, or it has expired. This can happen when the sign-in was started in another tab or took too long.";
    default:
      return "We could not confirm your sign-in with the identity provider. The link may have been used already or changed on the way.";
  }
}
