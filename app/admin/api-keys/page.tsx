import type { Metadata } from "next";
import { AdminSubPage } from "@/features/admin/components/admin-sub-page";
import { requireAdmin } from "@/features/auth/guards.server";
import { ApiKeysPage } from "@/features/admin/components/api-keys-page";
import { busyOnTimeoutPage } from "@/lib/http/busy-page";
import { loadApiKeysScreen } from "./data.server";

export const metadata: Metadata = { title: "API keys" };
export const dynamic = "force-dynamic";

/** /admin/api-keys: the keys the voice and chat platform sends calls and messages with (issue 13; admins only). */
async function Page() {
  const access = await requireAdmin("/admin/api-keys");
  if (!access.ok) return access.element;
  const { keys } = await loadApiKeysScreen();
  return (
    <AdminSubPage
      title="API keys"
      intro={
        <>
          The voice and chat platform reports every call, text and chat to <code className="text-sm">POST /api/v1/interactions</code> with{" "}
          <code className="text-sm">Authorization: Bearer &lt;key&gt;</code>. A key is shown once, when it is created; only its first characters are kept to tell keys apart. A revoked key is refused
          at once.
        </>
      }
    >
      <ApiKeysPage initialKeys={keys} />
    </AdminSubPage>
  );
}

/** A database too slow for this page answers the busy page (503, Retry-After; ADR 0105). */
export default busyOnTimeoutPage(Page);
