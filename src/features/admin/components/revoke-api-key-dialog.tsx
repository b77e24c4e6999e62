"use client";
import { useMutation } from "@tanstack/react-query";
import { api, apiPath } from "@/lib/api-client";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { toast } from "@/lib/ui/toaster";
import { showApiError } from "@/lib/api-error-toast";
import type { ApiKeyView } from "@/features/interactions/api-keys.server";

/** The confirmation (open while mounted) before DELETE /api/admin/api-keys/{id}. */
export function RevokeApiKeyDialog({ apiKey, onDone }: { apiKey: ApiKeyView; onDone: (revoked: ApiKeyView | null) => void }) {
  const revoke = useMutation({
    mutationFn: () => api.delete<ApiKeyView>(apiPath`/api/admin/api-keys/${apiKey.id}`),
    onSuccess: (revoked) => {
      toast({ title: "API key revoked", description: `“${apiKey.name}” is refused from now on.` });
      onDone(revoked);
    },
    onError: (error) => showApiError(error, "The key could not be revoked."),
  });
  return (
    <ConfirmDialog
      alert
      open
      onOpenChange={(open) => !open && !revoke.isPending && onDone(null)}
      title={`Revoke “${apiKey.name}”?`}
      description={`Requests with this key (${apiKey.keyPrefix}…) will be refused at once. This cannot be undone: the platform needs a new key.`}
      confirm="Revoke"
      busyLabel="Revoking..."
      busy={revoke.isPending}
      onConfirm={() => revoke.mutate()}
      destructive
    />
  );
}
