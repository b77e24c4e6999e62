"use client";
import * as React from "react";
import { useMutation } from "@tanstack/react-query";
import { api, apiPath, errorMessage } from "@/lib/api-client";
import { LOGGED_OUT } from "@/lib/unauthorized";
import { Button } from "@/lib/ui/button";
import type { InteractionDetail } from "../interaction-view";

/**
 * The call's recording. Its link is signed for 15 minutes (recording-url.server.ts):
 * when the player fails, most often because the page stayed open past that,
 * it asks the call detail again for a fresh link and goes on where it was. A
 * fresh link that fails too is reported, with a way to try again.
 */
export function RecordingPlayer({ id, initialUrl, label }: { id: string; initialUrl: string; label: string }) {
  const audio = React.useRef<HTMLAudioElement>(null);
  const [source, setSource] = React.useState<{ url: string | null; attempt: number }>({ url: initialUrl, attempt: 0 });
  const [failed, setFailed] = React.useState(false);
  /** Where the listener was when the old link failed, restored once the fresh one has loaded. */
  const resumeAt = React.useRef<{ time: number; playing: boolean } | null>(null);
  /** Set from a fresh link until it has loaded: an error then is not an expired link. */
  const fresh = React.useRef(false);

  const refresh = useMutation({
    mutationFn: () => api.get<InteractionDetail>(apiPath`/api/interactions/${id}`),
    meta: { unauthorized: { ...LOGGED_OUT, returnTo: `/calls/${encodeURIComponent(id)}` } },
    onSuccess: (detail) => {
      fresh.current = true;
      // A new element for every link, so the same address is loaded again too.
      setSource((s) => ({ url: detail.recordingUrl, attempt: s.attempt + 1 }));
    },
  });

  const newLink = () => {
    const a = audio.current;
    if (a && !resumeAt.current) resumeAt.current = { time: a.currentTime, playing: !a.paused };
    setFailed(false);
    refresh.mutate();
  };

  if (!source.url) return <p className="text-sm text-slate-700">No recording is available for this call.</p>;
  return (
    <div className="space-y-3">
      <audio
        key={source.attempt}
        ref={audio}
        controls
        preload="metadata"
        src={source.url}
        className="w-full"
        aria-label={label}
        onError={() => {
          if (refresh.isPending) return;
          if (fresh.current) {
            fresh.current = false;
            resumeAt.current = null;
            setFailed(true);
          } else newLink();
        }}
        onLoadedMetadata={(e) => {
          fresh.current = false;
          const at = resumeAt.current;
          resumeAt.current = null;
          if (!at) return;
          e.currentTarget.currentTime = at.time;
          if (at.playing) e.currentTarget.play().catch(() => {});
        }}
      >
        Your browser cannot play this recording. The transcript below has every word.
      </audio>
      {failed || refresh.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <span>
            {refresh.isError ? errorMessage(refresh.error, "A new link to the recording could not be fetched.") : "The recording could not be played. The server that keeps it may be unavailable."}
          </span>
          <Button variant="outline" size="sm" onClick={newLink} disabled={refresh.isPending}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
