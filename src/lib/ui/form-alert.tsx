import type * as React from "react";
import { Button } from "./button";
import { cn } from "./cn";

/**
 * A form's problem, announced to screen readers (role="alert"). Renders
 * nothing while there is no problem, so `<FormAlert>{error}</FormAlert>`
 * stands where the message may or may not be.
 */
export function FormAlert({ children, className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p role="alert" className={cn("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)} {...props}>
      {children}
    </p>
  );
}

/** A form's confirmation, announced politely (role="status"); nothing while there is none. */
export function FormStatus({ children, className, ...props }: React.HTMLAttributes<HTMLParagraphElement>) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p role="status" className={cn("rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900", className)} {...props}>
      {children}
    </p>
  );
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
