/** One session of the signed-in user, as /profile shows it (no token). */
export type SessionView = {
  id: string;
  /** "Chrome on macOS" (device-summary.ts). */
  device: string;
  /** The client address it signed in from, if known. */
  address: string | null;
  signedInAt: string;
  lastUsedAt: string;
  /** The session of this request ("This device"). */
  current: boolean;
};
