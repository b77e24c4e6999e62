"use client";
import { useId, useRef, useState } from "react";
import { ImageIcon, Upload, X } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { Label } from "@/lib/ui/input";
import { Progress } from "@/lib/ui/progress";
import { toast } from "@/lib/ui/toaster";
import { useMutation } from "@tanstack/react-query";
import { ApiError, isUnauthorizedError } from "@/lib/api-client";
import { fileProblem, uploadFile, UploadError } from "@/features/storage/upload-client";

/**
 * One avatar image: chosen, checked in the browser (type, 5 MB), then sent
 * with one PUT to a signed URL while a progress bar shows how far it got.
 */
export function AvatarUpload({
  value,
  onChange,
  onUploadingChange,
  name,
}: {
  value: string | null;
  onChange: (objectPath: string | null) => void;
  onUploadingChange?: (uploading: boolean) => void;
  name: string;
}) {
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  // A mutation so a 401 reaches the MutationCache's single handler ('You are logged out...', login after 500 ms).
  const { mutateAsync: upload } = useMutation({ mutationFn: (file: File) => uploadFile(file, setProgress) });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      if (input.current) input.current.value = "";
      return;
    }
    setFileName(file.name);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const { objectPath } = await upload(file);
      onChange(objectPath);
      toast({ title: "Avatar uploaded", description: `${file.name} is ready.` });
    } catch (err) {
      if (isUnauthorizedError(err)) {
        // handled by the MutationCache
      } else if (err instanceof UploadError && err.stage === "url") {
        const detail = err.cause instanceof ApiError ? (err.cause.bodyMessage ?? (err.cause.text || err.cause.statusText)) : "";
        toast({ title: "Failed to get upload URL", description: detail || "Please try again.", variant: "destructive" });
      } else {
        toast({ title: "Upload failed", description: err instanceof Error ? err.message : "Unknown error", variant: "destructive" });
      }
      setFileName(null);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
      if (input.current) input.current.value = "";
    }
  };

  const uploading = progress !== null;
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>Avatar (recommended)</Label>
      <div className="flex items-center gap-4">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-slate-100">
          {value ? (
            // eslint-disable-next-line @next/next/no-img-element -- uploaded file served by our own route
            <img src={value} alt={`Avatar of ${name || "the AI employee"}`} className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-6 text-slate-500" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-describedby={helpId}
            disabled={uploading}
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
          <p id={helpId} className="text-xs text-slate-600">
            One PNG, JPEG, WebP or GIF image, at most 5 MB. Customers see it on their billing page.
          </p>
        </div>
        {value && !uploading ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)} aria-label="Remove avatar">
            <X aria-hidden /> Remove
          </Button>
        ) : null}
      </div>
      {uploading ? (
        <div className="space-y-1" data-testid="avatar-progress">
          <Progress value={progress} label="Avatar upload progress" />
          <p className="flex items-center gap-1 text-xs text-slate-700" aria-live="polite">
            <Upload className="size-3" aria-hidden /> Uploading {fileName} … {progress}%
          </p>
        </div>
      ) : value ? (
        <p className="text-xs text-green-800" aria-live="polite">
          Avatar uploaded{fileName ? `: ${fileName}` : ""}.
        </p>
      ) : null}
    </div>
  );
}
