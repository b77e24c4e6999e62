import type { PreferencesView, RuleView } from "../rule.schema";

/**
 * The notification APIs the page reads (issue 25). Query keys are their URLs
 * (the default query function fetches them); invalidate one to reload it.
 */
export const RULES_URL = "/api/notification-rules";
export const PREFERENCES_URL = "/api/account/notification-preferences";
export const RULES_KEY = [RULES_URL] as const;
export const PREFERENCES_KEY = [PREFERENCES_URL] as const;

/** A member of the account who reads calls, as a rule's recipient. */
export type RuleMember = { userId: string; name: string; email: string; role: string };
export type RuleAiEmployee = { id: string; name: string };

/** GET /api/notification-rules. */
export type RulesResponse = { items: RuleView[]; members: RuleMember[]; aiEmployees: RuleAiEmployee[] };

export type { PreferencesView, RuleView };
