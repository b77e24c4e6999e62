"use client";
import { useRef, useState } from "react";
import dynamic from "next/dynamic";
import { Icon } from "@/lib/ui/icon";

/**
 * The dialog is loaded on the first tap: most readers of the public pages
 * never open it, and they do not download the dialog library (issue 12).
 */
const MobileMenuPanel = dynamic(() => import("./mobile-menu-panel").then((m) => m.MobileMenuPanel), { ssr: false });

/** Below the lg breakpoint: nav links, Billing when signed in, Sign In/Out, Book a Demo. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Icon name="Menu" className="size-6" />
      </button>
      {wanted && <MobileMenuPanel open={open} onOpenChange={setOpen} trigger={trigger} />}
    </>
  );
}
