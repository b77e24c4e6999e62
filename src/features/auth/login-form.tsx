"use client";
import { useState } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label } from "@/lib/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/lib/ui/tabs";

type Mode = "sign-in" | "sign-up";

async function post(path: string, body: unknown): Promise<{ ok: boolean; message?: string }> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "include",
    body: JSON.stringify(body),
  });
  if (res.ok) return { ok: true };
  const data = (await res.json().catch(() => ({}))) as { message?: string };
  if (res.status === 429) return { ok: false, message: "Too many attempts. Please wait a minute and try again." };
  return { ok: false, message: data.message || `Request failed (${res.status})` };
}

export function LoginForm({ returnTo }: { returnTo: string }) {
  const [mode, setMode] = useState<Mode>("sign-in");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const result =
      mode === "sign-in"
        ? await post("/api/auth/sign-in/email", { email, password })
        : await post("/api/auth/sign-up/email", {
            email,
            password,
            firstName: String(form.get("firstName") ?? "").trim(),
            lastName: String(form.get("lastName") ?? "").trim(),
            name: `${String(form.get("firstName") ?? "").trim()} ${String(form.get("lastName") ?? "").trim()}`.trim() || email,
            callbackURL: returnTo,
          });
    if (!result.ok) {
      setBusy(false);
      setError(result.message ?? "Something went wrong. Please try again.");
      return;
    }
    window.location.assign(mode === "sign-up" ? `${returnTo}${returnTo.includes("?") ? "&" : "?"}welcome=1` : returnTo);
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
          <div className="space-y-1.5">
            <Label htmlFor="signin-email">Email</Label>
            <Input id="signin-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signin-password">Password</Label>
            <Input id="signin-password" name="password" type="password" autoComplete="current-password" required />
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
              <Input id="signup-first" name="firstName" autoComplete="given-name" required />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="signup-last">Last name</Label>
              <Input id="signup-last" name="lastName" autoComplete="family-name" />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signup-email">Email</Label>
            <Input id="signup-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="signup-password">Password</Label>
            <Input id="signup-password" name="password" type="password" autoComplete="new-password" minLength={8} required aria-describedby="signup-password-hint" />
            <p id="signup-password-hint" className="text-xs text-slate-600">At least 8 characters.</p>
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
