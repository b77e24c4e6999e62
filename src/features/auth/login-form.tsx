"use client";
import { useState } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";
import { authClient, authResult } from "./auth-client";
import { MAX_NAME_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "./auth-limits";

type Mode = "sign-in" | "sign-up";

/** The sign-in page's form. `notice` is shown above the sign-in form (e.g. "your address is confirmed"). */
export function LoginForm({ returnTo, notice: initialNotice = null }: { returnTo: string; notice?: string | null }) {
  const [mode, setMode] = useState<Mode>("sign-in");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const [signInEmail, setSignInEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (mode === "sign-in") {
      const { error: signInError } = await authClient.signIn.email({ email, password });
      const result = authResult(signInError);
      if (!result.ok) {
        setBusy(false);
        setError(result.message ?? "Something went wrong. Please try again.");
        return;
      }
      window.location.assign(returnTo);
      return;
    }
    const firstName = String(form.get("firstName") ?? "").trim();
    const lastName = String(form.get("lastName") ?? "").trim();
    const { error: signUpError } = await authClient.signUp.email({
      email,
      password,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`.trim() || email,
      // Where to go once the address is confirmed and the user has signed in (the server sends the link via /login).
      callbackURL: returnTo,
    });
    const result = authResult(signUpError);
    setBusy(false);
    if (!result.ok) {
      setError(result.message ?? "Something went wrong. Please try again.");
      return;
    }
    // Sign-up does not sign in. Stay here: say what happens next and offer the sign-in form, ready to use.
    setNotice(`Check your e-mail: we sent a link to ${email} to confirm your address. Then sign in.`);
    setSignInEmail(email);
    setMode("sign-in");
  }

  const errorBox = error ? (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  return (
    <Tabs value={mode} onValueChange={(v) => { setMode(v as Mode); setError(null); }}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="sign-in">Sign in</TabsTrigger>
        <TabsTrigger value="sign-up">Create account</TabsTrigger>
      </TabsList>
      <TabsContent value="sign-in">
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
          {notice ? (
            <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {notice}
            </p>
          ) : null}
          <div className="space-y-1.5">
            <Label htmlFor="signin-email">Email</Label>
            <Input key={signInEmail} id="signin-email" name="email" type="email" autoComplete="email" defaultValue={signInEmail} required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signin-password">Password</Label>
            <Input key={signInEmail} id="signin-password" name="password" type="password" autoComplete="current-password" autoFocus={Boolean(signInEmail)} required />
          </div>
          {errorBox}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Signing in..." : "Sign in"}
          </Button>
        </form>
      </TabsContent>
      <TabsContent value="sign-up">
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Create account">
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor="signup-first">First name</Label>
              <Input id="signup-first" name="firstName" autoComplete="given-name" maxLength={MAX_NAME_LENGTH} required />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="signup-last">Last name</Label>
              <Input id="signup-last" name="lastName" autoComplete="family-name" maxLength={MAX_NAME_LENGTH} />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signup-email">Email</Label>
            <Input id="signup-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signup-password">Password</Label>
            <Input
              id="signup-password"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
              maxLength={MAX_PASSWORD_LENGTH}
              required
              aria-describedby="signup-password-hint"
            />
            <p id="signup-password-hint" className="text-xs text-slate-600">{PASSWORD_HINT}</p>
          </div>
          {errorBox}
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Creating account..." : "Create account"}
          </Button>
          <p className="text-xs text-slate-600">We will e-mail you a link to confirm your address.</p>
        </form>
      </TabsContent>
    </Tabs>
  );
}
