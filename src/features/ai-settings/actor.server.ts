import "server-only";
import { isKnownTimeZone } from "@/lib/time-zone";
import { can, type AccountRole } from "@/features/accounts/permissions";

/**
 * Who reads or saves an AI employee's settings: a member of its business
 * account (their role decides whether they may save) or an operator admin
 * from the console (any AI employee; the history names them "operator").
 * `browserZone` is the portal's `tz` cookie (ADR 0117), for showing times
 * while the account has no zone of its own.
 */
export type SettingsActor =
  | { kind: "member"; accountId: string; userId: string; email: string; name: string; canEdit: boolean; browserZone: string | null }
  | { kind: "operator"; userId: string; email: string; browserZone: string | null };

type Person = { id: string; email: string; firstName: string | null; lastName: string | null };

/** The history's name for a member: "Dana Diaz", else their e-mail address. */
export function personName(u: Pick<Person, "email" | "firstName" | "lastName">): string {
  return (
    [u.firstName, u.lastName]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(" ") || u.email
  );
}

/** The browser's zone from the request's `tz` cookie, when Intl knows it. */
export function browserZoneOf(req: Request): string | null {
  const raw = /(?:^|;\s*)tz=([^;]*)/.exec(req.headers.get("cookie") ?? "")?.[1];
  if (!raw) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isKnownTimeZone(zone) ? zone : null;
}

/** A portal caller: the signed-in user in their current business account. */
export function memberActor(user: Person, account: { id: string; role: AccountRole }, req: Request): SettingsActor {
  return { kind: "member", accountId: account.id, userId: user.id, email: user.email, name: personName(user), canEdit: can(account.role, "settings.edit"), browserZone: browserZoneOf(req) };
}

/** An operator admin in the console. */
export function operatorActor(user: Pick<Person, "id" | "email">, req: Request): SettingsActor {
  return { kind: "operator", userId: user.id, email: user.email, browserZone: browserZoneOf(req) };
}
