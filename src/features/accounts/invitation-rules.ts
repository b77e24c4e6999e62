/** An invitation's link works for this many days (issue 22). */
export const INVITATION_DAYS = 7;

/** An invitation may be resent once this long after it was last sent. */
export const RESEND_GAP_SECONDS = 60;

export function resendWaitMessage(seconds: number): string {
  return `This invitation was sent a moment ago. You can resend it in ${seconds} seconds.`;
}
