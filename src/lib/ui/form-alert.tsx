import type * as React from "react";
import { Button } from "./button";
import { cn } from "./cn";

const TONE = {
  alert: "border-red-200 bg-red-50 text-red-800",
  status: "border-emerald-200 bg-emerald-50 text-emerald-900",
} as const;

type MessageProps = Omit<React.HTMLAttributes<HTMLParagraphElement>, "role">;

/** The boxed message of a form; nothing while there is no message. */
function FormMessageBox({ role, children, className, ...props }: MessageProps & { role: keyof typeof TONE }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p role={role} className={cn("rounded-md border px-3 py-2 text-sm", TONE[role], className)} {...props}>
      {children}
    </p>
  );
}

/**
 * A form's problem, announced to screen readers (role="alert"). Renders
 * nothing while there is no problem, so `<FormAlert>{error}</FormAlert>`
 * stands where the message may or may not be.
 */
export function FormAlert(props: MessageProps) {
  return <FormMessageBox role="alert" {...props} />;
}

/** A form's confirmation, announced politely (role="status"); nothing while there is none. */
export function FormStatus(props: MessageProps) {
  return <FormMessageBox role="status" {...props} />;
}

/** A query that failed: what could not be loaded, and a Retry button that asks again. */
export function LoadFailed({ children, onRetry }: { children: React.ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="text-sm text-red-900">
      <p>{children}</p>
      <Button className="mt-2" variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
