"use client";
import { useEffect, useRef, useState } from "react";

/**
 * The HTML of an e-mail in a sandboxed frame with an opaque origin. The
 * document (built by the outbox page) carries one script of ours
 * (FRAME_HEIGHT_SCRIPT) that reports its height; the frame then grows to the message instead of
 * leaving an empty fixed-height box.
 */
export function EmailPreviewFrame({ title, srcDoc }: { title: string; srcDoc: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== ref.current?.contentWindow) return;
      const reported = Number((event.data as { frameHeight?: unknown } | null)?.frameHeight);
      if (Number.isFinite(reported)) setHeight(Math.min(2000, Math.max(160, Math.ceil(reported) + 8)));
    };
    window.addEventListener("message", onMessage);
    // The frame may have loaded (and reported) before this page hydrated: ask again.
    ref.current?.contentWindow?.postMessage("frameHeight?", "*");
    return () => window.removeEventListener("message", onMessage);
  }, []);
  return (
    <iframe
      ref={ref}
      title={title}
      srcDoc={srcDoc}
      sandbox="allow-scripts"
      onLoad={() => ref.current?.contentWindow?.postMessage("frameHeight?", "*")}
      style={{ height }}
      className="mt-2 w-full rounded-xl border border-slate-200 bg-white"
      data-testid="email-preview-frame"
    />
  );
}
