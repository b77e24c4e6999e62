"use client";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { FactList } from "@/lib/ui/field";
import { ListShell } from "@/lib/ui/list-shell";
import type { ApiKeyView } from "@/features/interactions/api-keys.server";
import { CreateApiKey } from "./create-api-key-form";
import { RevokeApiKeyDialog } from "./revoke-api-key-dialog";

const KEYS_KEY = ["/api/admin/api-keys"] as const;

/** /admin/api-keys: create a key (shown once), list every key, revoke an active one after confirmation. */
export function ApiKeysPage({ initialKeys }: { initialKeys: ApiKeyView[] }) {
  const queryClient = useQueryClient();
  const keys = useQuery<ApiKeyView[]>({ queryKey: KEYS_KEY, initialData: initialKeys });
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  return (
    <div className="mt-6 space-y-6">
      <CreateApiKey onCreated={() => void queryClient.invalidateQueries({ queryKey: KEYS_KEY })} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Keys</CardTitle>
          <CardDescription>Every key, newest first. Revoked keys stay listed: the records they sent still name them.</CardDescription>
        </CardHeader>
        <CardContent>
          <ListShell query={keys} count={keys.data.length} loading="Loading the API keys" error="Unable to load the API keys." empty="No API keys yet. Create one above for the platform.">
            <ul className="divide-y divide-slate-100" aria-label="API keys" data-testid="api-key-list">
              {keys.data.map((k) => (
                <ApiKeyRow key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
              ))}
            </ul>
          </ListShell>
        </CardContent>
      </Card>
      {revoking ? (
        <RevokeApiKeyDialog
          apiKey={revoking}
          onDone={(revoked) => {
            setRevoking(null);
            if (revoked) void queryClient.invalidateQueries({ queryKey: KEYS_KEY });
          }}
        />
      ) : null}
    </div>
  );
}

function ApiKeyRow({ apiKey: k, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const facts: Array<[string, React.ReactNode]> = [
    [
      "Key",
      <code key="prefix" className="font-mono">
        {k.keyPrefix}…
      </code>,
    ],
    ["Writes for", k.scope === "customer" ? `Customer ${k.customerEmail ?? "(deleted)"}` : `Platform “${k.platform}” (every AI employee)`],
    ["Created", formatDateTime(k.createdAt)],
    ["Last used", formatDateTime(k.lastUsedAt, { empty: "Never" })],
    ...(k.revokedAt ? ([["Revoked", formatDateTime(k.revokedAt)]] as Array<[string, React.ReactNode]>) : []),
  ];
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <KeyRound className="size-4 text-slate-600" aria-hidden />
          <span className="break-all font-medium text-slate-900">{k.name}</span>
          {k.revokedAt ? <Badge variant="grey">Revoked</Badge> : <Badge variant="green">Active</Badge>}
        </p>
        <FactList facts={facts} className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[repeat(4,auto)]" />
      </div>
      {k.revokedAt ? null : (
        <Button variant="outline" size="sm" className="self-start text-red-800 hover:bg-red-50" onClick={onRevoke} aria-label={`Revoke ${k.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}
