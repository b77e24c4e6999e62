"use client";
import * as React from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./dialog";
import { FormAlert } from "./form-alert";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * What opens the dialog, if anything does: an element, or the label of an
   * outline button (`triggerProps` go to that button).
   */
  trigger?: React.ReactElement | string;
  triggerProps?: Omit<React.ComponentProps<typeof Button>, "children">;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Anything asked besides yes or no (a checkbox), between the description and the buttons. */
  children?: React.ReactNode;
  /** Why the last attempt failed, shown in the dialog. */
  error?: string | null;
  confirm: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  destructive?: boolean;
  cancel?: string;
  /** An action that cannot be undone is announced as an alert dialog. */
  alert?: boolean;
};

/**
 * The open state and last error of a dialog opened by its trigger: `props`
 * go to ConfirmDialog (opening or closing it clears the error); `close` after
 * the action succeeds, `setError` when it fails.
 */
export function useConfirmState() {
  const [open, setOpen] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const onOpenChange = (o: boolean) => {
    setOpen(o);
    setError(null);
  };
  return { props: { open, error, onOpenChange }, close: () => setOpen(false), setError };
}

/**
 * The one confirmation dialog (ADR 0142): a title, what will happen, an
 * optional error, Cancel and the confirming button. The confirm button submits
 * the dialog's form, so Enter confirms and the busy state blocks a second
 * submit; Escape or Cancel keeps things as they are.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  triggerProps,
  title,
  description,
  children,
  error,
  confirm,
  busyLabel,
  busy,
  onConfirm,
  destructive = false,
  cancel = "Cancel",
  alert = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? (
        <DialogTrigger asChild>
          {typeof trigger === "string" ? (
            <Button type="button" variant="outline" {...triggerProps}>
              {trigger}
            </Button>
          ) : (
            trigger
          )}
        </DialogTrigger>
      ) : null}
      {/* Radix names the content "dialog"; a role prop, even undefined, would replace it. */}
      <DialogContent {...(alert ? { role: "alertdialog" } : {})}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) onConfirm();
          }}
        >
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {children}
          <FormAlert className="mt-3">{error}</FormAlert>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                {cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy ? busyLabel : confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
