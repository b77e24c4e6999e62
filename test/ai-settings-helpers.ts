import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { aiEmployeeSettings, aiEmployeeSettingsVersions } from "@/db/schema";
import type { SettingsResponse, SyncStatus, VersionsResponse } from "@/features/ai-settings/settings-response";
import * as list from "@app/api/ai-employees/route";
import * as settings from "@app/api/ai-employees/[id]/settings/route";
import * as versions from "@app/api/ai-employees/[id]/settings/versions/route";
import * as restore from "@app/api/ai-employees/[id]/settings/versions/[version]/restore/route";
import * as sync from "@app/api/ai-employees/[id]/settings/sync/route";
import * as preview from "@app/api/ai-employees/[id]/preview/route";
import * as adminSettings from "@app/api/admin/ai-employees/[id]/settings/route";
import * as adminVersions from "@app/api/admin/ai-employees/[id]/settings/versions/route";
import * as adminRestore from "@app/api/admin/ai-employees/[id]/settings/versions/[version]/restore/route";
import * as adminSync from "@app/api/admin/ai-employees/[id]/settings/sync/route";
import * as adminPreview from "@app/api/admin/ai-employees/[id]/preview/route";
import { call, type TestUser } from "./http-helpers";

/** The settings API as the portal (member) or the operator's console calls it. */
export function settingsApi(who: TestUser, opts: { admin?: boolean } = {}) {
  const base = (id: string) => `/api/${opts.admin ? "admin/" : ""}ai-employees/${id}`;
  const h = opts.admin ? { settings: adminSettings, versions: adminVersions, restore: adminRestore, sync: adminSync, preview: adminPreview } : { settings, versions, restore, sync, preview };
  return {
    list: () => call(list.GET, { path: "/api/ai-employees", cookie: who.cookie }),
    get: (id: string) => call(h.settings.GET, { path: `${base(id)}/settings`, params: { id }, cookie: who.cookie }),
    put: (id: string, body: unknown) => call(h.settings.PUT, { method: "PUT", path: `${base(id)}/settings`, params: { id }, cookie: who.cookie, body }),
    versions: (id: string) => call(h.versions.GET, { path: `${base(id)}/settings/versions`, params: { id }, cookie: who.cookie }),
    restore: (id: string, version: string, body: unknown = {}) =>
      call(h.restore.POST, { method: "POST", path: `${base(id)}/settings/versions/${version}/restore`, params: { id, version }, cookie: who.cookie, body }),
    sync: (id: string) => call(h.sync.POST, { method: "POST", path: `${base(id)}/settings/sync`, params: { id }, cookie: who.cookie, body: {} }),
    preview: (id: string, at?: string) => call(h.preview.GET, { path: `${base(id)}/preview${at === undefined ? "" : `?at=${encodeURIComponent(at)}`}`, params: { id }, cookie: who.cookie }),
  };
}

export async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function errorOf(res: Response): Promise<{ status: number; message: string; currentVersion?: number }> {
  const body = (await res.json()) as { message: string; currentVersion?: number };
  return { status: res.status, ...body };
}

export type { SettingsResponse, SyncStatus, VersionsResponse };

/** What is stored for an AI employee: its versions (count) and settings row. */
export async function stored(orderId: string) {
  const db = await getDb();
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(aiEmployeeSettingsVersions)
    .where(eq(aiEmployeeSettingsVersions.aiReadyOrderId, orderId));
  const [row] = await db.select().from(aiEmployeeSettings).where(eq(aiEmployeeSettings.aiReadyOrderId, orderId));
  return { versions: count!.n, row: row ?? null };
}

export async function storedVersion(orderId: string, version: number) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(aiEmployeeSettingsVersions)
    .where(and(eq(aiEmployeeSettingsVersions.aiReadyOrderId, orderId), eq(aiEmployeeSettingsVersions.version, version)));
  return row ?? null;
}
