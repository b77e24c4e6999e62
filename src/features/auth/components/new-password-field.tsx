import type { ComponentProps } from "react";
import { InputField } from "@/lib/ui/input";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "../auth-limits";

/** The field for choosing a new password (sign-up, reset): the policy's hint and lengths, and the password manager told it is a new one. */
export function NewPasswordField(props: Omit<ComponentProps<typeof InputField>, "hint" | "type" | "autoComplete" | "minLength" | "maxLength">) {
  return <InputField hint={PASSWORD_HINT} type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} required {...props} />;
}
