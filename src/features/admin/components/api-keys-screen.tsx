import { AdminSubPage } from "./admin-sub-page";
import { ApiKeysPage } from "./api-keys-page";

/** /admin/api-keys: the keys the voice and chat platform sends calls and messages with (issue 13; admins only). */
export function ApiKeysScreen({ keys }: { keys: React.ComponentProps<typeof ApiKeysPage>["initialKeys"] }) {
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
