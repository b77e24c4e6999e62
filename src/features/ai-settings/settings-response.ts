import type { CallerPreview } from "./caller-plan";
import type { SettingsDocument, SettingsKey } from "./settings.schema";

/** Who saved a version, as the history shows it ("Updated by Dana Diaz", "operator"). */
export type VersionAuthor = { kind: "member" | "operator" | "system"; name: string };

/** The voice platform's copy, as the settings page shows it. */
export type SyncStatus = {
  state: "updating" | "live" | "failed";
  /** The version the platform has (null before the first push succeeded). */
  liveVersion: number | null;
  /** ISO time the platform took it ("Live since 10:42"). */
  liveSince: string | null;
  /** The platform's reason for the last failure ("Could not update: <reason>. Retrying in 5 min"). */
  error: string | null;
  /** ISO time of the next automatic try. */
  nextRetryAt: string | null;
  /** "retell" or "local" (the embedded default). */
  platform: "retell" | "local";
};

/** GET/PUT /api/ai-employees/{id}/settings, and the restore's answer. */
export type SettingsResponse = {
  aiEmployee: { id: string; name: string; phoneNumber: string; accountName: string | null };
  /** The current version: send it back as `baseVersion` when saving. */
  version: number;
  /** booking.apiKey is never present; booking.apiKeyMasked is "••••1a2b" or null. */
  settings: SettingsDocument;
  updatedAt: string;
  updatedBy: VersionAuthor;
  sync: SyncStatus;
  /** The spend limit's mode in force this usage month. */
  spendMode: { messagesOnly: boolean; since: string | null; /** When messages only ends: the end of the usage month it was switched in. */ until: string | null };
  /** Whether the caller may save (owner, manager, operator admin); staff read only. */
  canEdit: boolean;
  /** The account's time zone for showing times ("Live since 10:42"); the settings' own zone is settings.timeZone. */
  displayTimeZone: string;
};

/** One entry of GET …/settings/versions (newest first). */
export type SettingsVersion = {
  version: number;
  createdAt: string;
  author: VersionAuthor;
  /** Top-level keys changed from the version before. */
  changed: SettingsKey[];
  restoredFrom: number | null;
  settings: SettingsDocument;
};

export type VersionsResponse = { versions: SettingsVersion[]; current: number };

export type PreviewResponse = CallerPreview;

/** GET/PUT /api/account/tester-numbers. */
export type TesterNumbersResponse = { numbers: string[]; testCallsThisMonth: number; freeTestCallsPerMonth: number };
