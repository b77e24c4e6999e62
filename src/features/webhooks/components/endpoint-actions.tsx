"use client";
import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { BusyButton } from "@/lib/ui/button";
import { ConfirmDialog, useConfirmState } from "@/lib/ui/confirm-dialog";
import { Label, Options, Select } from "@/lib/ui/input";
import { toast } from "@/lib/ui/toaster";
import type { EndpointView, SecretRotated } from "../endpoint.schema";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "../event-types";
import { webhooksApi } from "./webhooks-client";

const meta = { unauthorized: LOGGED_OUT };

/**
 * A request confirmed in a dialog: the ConfirmDialog's state, busy while the
 * request runs; when it worked the dialog closes and `done` gets the answer,
 * else the dialog shows why (`failed` when the error has no message).
 */
function useConfirmedRequest<T>(request: () => Promise<T>, done: (answer: T) => void, failed: string) {
  const confirm = useConfirmState();
  const mutation = useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      confirm.close();
      done(answer);
    },
    onError: (err) => confirm.setError(errorMessage(err, failed)),
    meta,
  });
  return { ...confirm.props, busy: mutation.isPending, onConfirm: () => mutation.mutate() };
}

/** "Send test event": a sample of the chosen type, to this endpoint only; it shows in the deliveries. */
export function SendTestEvent({ endpoint }: { endpoint: EndpointView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [type, setType] = useState<WebhookEventType>(endpoint.eventTypes[0] ?? WEBHOOK_EVENT_TYPES[0]);
  const send = useMutation({
    mutationFn: () => webhooksApi.sendTest(endpoint.id, type),
    onSuccess: async (delivery) => {
      toast({ title: "Test event sent", description: `A sample ${delivery.eventType} event is on its way; it shows in the deliveries.` });
      await queryClient.invalidateQueries({ queryKey: ["/api/webhook-endpoints", endpoint.id, "deliveries"] });
    },
    onError: (err) => toast({ title: "Could not send the test event", description: errorMessage(err, "Please try again."), variant: "destructive" }),
    meta,
  });
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-type`} className="block">
          Test event type
        </Label>
        <Select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value as WebhookEventType)} className="sm:w-64">
          <Options options={WEBHOOK_EVENT_TYPES} />
        </Select>
      </div>
      <BusyButton variant="outline" busy={send.isPending} busyLabel="Sending..." onClick={() => send.mutate()}>
        Send test event
      </BusyButton>
    </div>
  );
}

/** "Rotate secret", confirmed: a new secret (shown once); the old one keeps working for 24 hours. */
export function RotateSecretButton({ endpoint, onRotated }: { endpoint: EndpointView; onRotated: (r: SecretRotated) => void }) {
  const dialog = useConfirmedRequest(() => webhooksApi.rotate(endpoint.id), onRotated, "The secret could not be rotated.");
  return (
    <ConfirmDialog
      {...dialog}
      trigger="Rotate secret"
      title="Rotate the signing secret?"
      description={
        <>
          A new secret is made for <span className="break-all">{endpoint.url}</span> and shown once. The old secret keeps working for 24 hours: until then every delivery is signed with both, so you
          have a day to put the new one in your receiver.
        </>
      }
      cancel="Keep as it is"
      confirm="Rotate secret"
      busyLabel="Rotating..."
    />
  );
}

/** "Delete endpoint", confirmed: the endpoint and its delivery log go; nothing more is sent to it. */
export function DeleteEndpointButton({ endpoint, onDeleted }: { endpoint: EndpointView; onDeleted: () => void }) {
  const dialog = useConfirmedRequest(() => webhooksApi.remove(endpoint.id), onDeleted, "The endpoint could not be deleted.");
  return (
    <ConfirmDialog
      {...dialog}
      trigger="Delete endpoint"
      triggerProps={{ className: "border-red-300 text-red-800 hover:bg-red-50" }}
      title="Delete this endpoint?"
      description={
        <>
          Nothing more is sent to <span className="break-all">{endpoint.url}</span>, and its delivery log is deleted with it. Events waiting for a retry are not sent.
        </>
      }
      cancel="Keep as it is"
      confirm="Delete endpoint"
      busyLabel="Deleting..."
      destructive
    />
  );
}
