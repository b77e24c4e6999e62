"use client";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Input, Label } from "@/lib/ui/input";
import type { OrderData, OrderInput } from "../order.schema";
import { AvatarUpload } from "./avatar-upload";

const FIELDS = [
  { name: "aiEmployeeName", label: "AI Employee Name", type: "text", placeholder: "e.g. Sophie", autoComplete: "off" },
  { name: "aiPhoneNumber", label: "Phone Number", type: "tel", placeholder: "+1 (555) 010-4477", autoComplete: "off" },
  { name: "customerEmail", label: "Customer Email", type: "email", placeholder: "owner@business.com", autoComplete: "off" },
  { name: "webChatUrl", label: "Web Chat URL", type: "url", placeholder: "https://chat.example.com/sophie", autoComplete: "off" },
] as const;

/**
 * The four required order fields, then the avatar (`onUploadingChange` while it uploads). The spec's original form labels the web
 * chat URL optional yet requires it; here it is labelled required, honestly.
 */
export function OrderFields({ idPrefix, form, onUploadingChange }: { idPrefix: string; form: UseFormReturn<OrderInput, unknown, OrderData>; onUploadingChange: (uploading: boolean) => void }) {
  const { register, formState, setValue, control } = form;
  const errors = formState.errors;
  const avatar = useWatch({ control, name: "aiAvatarUrl" }) ?? null;
  const name = useWatch({ control, name: "aiEmployeeName" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const id = `${idPrefix}-${f.name}`;
          const error = errors[f.name]?.message;
          return (
            <div key={f.name} className="space-y-1.5">
              <Label htmlFor={id}>
                {f.label}{" "}
                <span aria-hidden="true" className="text-red-700">
                  *
                </span>
                <span className="sr-only"> (required)</span>
              </Label>
              <Input
                id={id}
                type={f.type}
                placeholder={f.placeholder}
                autoComplete={f.autoComplete}
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(f.name)}
              />
              {error ? (
                <p id={`${id}-error`} className="text-xs text-red-800">
                  {error.replace(/^Please fill in all required fields:.*$/, `${f.label} is required.`)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <AvatarUpload value={avatar} name={name} onChange={(path) => setValue("aiAvatarUrl", path, { shouldDirty: true })} onUploadingChange={onUploadingChange} />
    </>
  );
}
