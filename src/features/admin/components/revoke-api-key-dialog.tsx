"use client";
import { useMutation } from "@tanstack/react-query";
import { api, apiPath } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { toast } from "@/lib/ui/toaster";
import { showApiError } from "@/lib/api-error-toast";
import type { ApiKeyView } from "@/features/interactions/api-keys.server";

/** The confirmation before DELETE /api/admin/api-keys/{id}. */
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
    <DialogContent role="alertdialog">
      <DialogTitle>Revoke “{apiKey.name}”?</DialogTitle>
      <DialogDescription>
        Requests with this key ({apiKey.keyPrefix}…) will be refused at once. This cannot be undone: the platform needs a new key.
      </DialogDescription>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="outline" onClick={() => onDone(null)} disabled={revoke.isPending}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
          {revoke.isPending ? "Revoking..." : "Revoke"}
        </Button>
      </div>
    </DialogContent>
  );
}
