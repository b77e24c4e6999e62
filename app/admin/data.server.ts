import "server-only";
import type { SignedIn } from "@/features/auth/guards.server";
import { parseAdminTab } from "@/features/admin/tabs";
import { config } from "@/lib/config";

type Search = Record<string, string | string[] | undefined>;

export type ConsoleScreenData = { initialTab: ReturnType<typeof parseAdminTab>; firstName: string | null; testTools: boolean };

/** /admin: the tab in the address, the admin's first name, and whether the test tools are on. The tabs load their lists on the client. */
export function loadConsoleScreen({ user }: SignedIn, params: Search): ConsoleScreenData {
  return { initialTab: parseAdminTab(params.tab), firstName: user.firstName, testTools: config().ENABLE_TEST_TOOLS };
}
