import { Loader2 } from "lucide-react";
import { cn } from "./cn";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <Loader2 className="size-6 animate-spin text-brand-700" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
