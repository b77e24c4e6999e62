import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "./cn";

export const badgeVariants = cva("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      default: "border-transparent bg-brand-700 text-white",
      secondary: "border-transparent bg-slate-100 text-slate-800",
      outline: "border-slate-300 text-slate-800",
      green: "border-transparent bg-green-100 text-green-900",
      blue: "border-transparent bg-blue-100 text-blue-900",
      yellow: "border-transparent bg-yellow-100 text-yellow-900",
      amber: "border-transparent bg-amber-100 text-amber-900",
      red: "border-transparent bg-red-100 text-red-900",
      grey: "border-transparent bg-slate-200 text-slate-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({ className, variant, ...props }: React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
