"use client";
import { useState } from "react";
import Link from "next/link";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { SubmitButton } from "@/lib/ui/button";
import { InputField } from "@/lib/ui/input";
import { NewPasswordField } from "./components/new-password-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import { authClient, authResult } from "./auth-client";
import { FORGOT_PASSWORD_PATH } from "./password-reset";
import { MAX_NAME_LENGTH } from "./auth-limits";
import { firstFormProblem, signInFormSchema, signUpFormSchema, type SignInFormInput, type SignInFormOutput, type SignUpFormInput, type SignUpFormOutput } from "./login-form.schema";
import { FormAlert, FormStatus } from "@/lib/ui/form-alert";

export type Mode = "sign-in" | "sign-up";

const FALLBACK_ERROR = "Something went wrong. Please try again.";

/**
 * The sign-in page's form. `notice` is shown above the sign-in form (e.g.
 * "your address is confirmed"); `initialMode` opens the "Create account" tab
 * (an invitation's "Create a login" link: /login?mode=sign-up).
 */
export function LoginForm({ returnTo, notice: initialNotice = null, initialMode = "sign-in" }: { returnTo: string; notice?: string | null; initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [signInEmail, setSignInEmail] = useState("");

  // Sign-up does not sign in. Stay here: say what happens next and offer the sign-in form, ready to use.
  const onSignedUp = (email: string) => {
    setNotice(`Check your e-mail: we sent a link to ${email} to confirm your address. Then sign in.`);
    setSignInEmail(email);
    setMode("sign-in");
  };

  const errorBox = <FormAlert>{error}</FormAlert>;

  return (
    <Tabs
      value={mode}
      onValueChange={(v) => {
        setMode(v as Mode);
        setError(null);
      }}
    >
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="sign-in">Sign in</TabsTrigger>
        <TabsTrigger value="sign-up">Create account</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        {/* Keyed by the address just signed up with: the form starts again with it filled in. */}
        <SignInForm key={signInEmail} email={signInEmail} returnTo={returnTo} notice={notice} errorBox={errorBox} setError={setError} />
      </TabsContent>
      <TabsContent value="sign-up">
        <SignUpForm returnTo={returnTo} errorBox={errorBox} setError={setError} onSignedUp={onSignedUp} />
      </TabsContent>
    </Tabs>
  );
}

type FormProps = { returnTo: string; errorBox: React.ReactNode; setError: (error: string | null) => void };

function SignInForm({ email, notice, returnTo, errorBox, setError }: FormProps & { email: string; notice: string | null }) {
  const form = useForm<SignInFormInput, unknown, SignInFormOutput>({ resolver: zodResolver(signInFormSchema), defaultValues: { email, password: "" } });
  // After a successful sign-in the button stays busy while the next page loads.
  const [leaving, setLeaving] = useState(false);
  const busy = form.formState.isSubmitting || leaving;

  const onValid = async ({ email, password }: SignInFormOutput) => {
    setError(null);
    const { error: signInError } = await authClient.signIn.email({ email, password });
    const result = authResult(signInError);
    if (!result.ok) {
      setError(result.message ?? FALLBACK_ERROR);
      return;
    }
    setLeaving(true);
    window.location.assign(returnTo);
  };
  const onInvalid = (errors: FieldErrors<SignInFormInput>) => setError(firstFormProblem(errors, ["email", "password"]));

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" aria-label="Sign in">
      <FormStatus>{notice}</FormStatus>
      <InputField id="signin-email" label="Email" type="email" autoComplete="email" required {...form.register("email")} />
      <InputField id="signin-password" label="Password" type="password" autoComplete="current-password" autoFocus={Boolean(email)} required {...form.register("password")}>
        <p className="text-right text-sm">
          <Link href={FORGOT_PASSWORD_PATH} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        </p>
      </InputField>
      {errorBox}
      <SubmitButton className="w-full" busy={busy} busyLabel="Signing in...">
        Sign in
      </SubmitButton>
    </form>
  );
}

function SignUpForm({ returnTo, errorBox, setError, onSignedUp }: FormProps & { onSignedUp: (email: string) => void }) {
  const form = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "" },
  });
  const busy = form.formState.isSubmitting;

  const onValid = async ({ email, password, firstName, lastName, name }: SignUpFormOutput) => {
    setError(null);
    const { error: signUpError } = await authClient.signUp.email({
      email,
      password,
      firstName,
      lastName,
      name,
      // Where to go once the address is confirmed and the user has signed in (the server sends the link via /login).
      callbackURL: returnTo,
    });
    const result = authResult(signUpError);
    if (!result.ok) {
      setError(result.message ?? FALLBACK_ERROR);
      return;
    }
    onSignedUp(email);
  };
  const onInvalid = (errors: FieldErrors<SignUpFormInput>) => setError(firstFormProblem(errors, ["firstName", "lastName", "email", "password"]));

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-4" aria-label="Create account">
      <div className="grid grid-cols-2 gap-3">
        <InputField id="signup-first" label="First name" autoComplete="given-name" maxLength={MAX_NAME_LENGTH} required {...form.register("firstName")} />
        <InputField id="signup-last" label="Last name" autoComplete="family-name" maxLength={MAX_NAME_LENGTH} {...form.register("lastName")} />
      </div>
      <InputField id="signup-email" label="Email" type="email" autoComplete="email" required {...form.register("email")} />
      <NewPasswordField id="signup-password" label="Password" {...form.register("password")} />
      {errorBox}
      <SubmitButton className="w-full" busy={busy} busyLabel="Creating account...">
        Create account
      </SubmitButton>
      <p className="text-xs text-slate-600">We will e-mail you a link to confirm your address.</p>
    </form>
  );
}
