"use client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage, isUnauthorizedError } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/lib/ui/card";
import { Input, Label, Select } from "@/lib/ui/input";
import { NewApiKey } from "./new-api-key";

type Created = { id: string; name: string; key: string };
type Scope = "platform" | "customer";

const focusName = () => document.getElementById("api-key-name")?.focus();

/**
 * The "Create API key" form (issue 21: every key has a scope): a platform
 * integration's key writes every AI employee, and its records' ids share the
 * integration's id space; a customer's key writes only that customer's AI
 * employees. The new key is shown once below the form.
 */
export function CreateApiKey({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Scope>("platform");
  const [platform, setPlatform] = useState("default");
  const [customerEmail, setCustomerEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const create = useMutation({
    mutationFn: (body: Record<string, string>) => api.post<Created>("/api/admin/api-keys", body),
    onSuccess: (c) => {
      setCreated(c);
      setName("");
      onCreated();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setProblem(errorMessage(error, "The key could not be created."));
      focusName();
    },
  });
  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setProblem("Enter a name for the key.");
      focusName();
      return;
    }
    setProblem(null);
    setCreated(null);
    create.mutate(scope === "platform" ? { name: name.trim(), scope, platform: platform.trim() } : { name: name.trim(), scope, customerEmail: customerEmail.trim() });
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Create API key</CardTitle>
        <CardDescription>Name it after where it is used, e.g. “Voice platform (production)”. A key writes only within its scope.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          aria-label="Create API key"
          aria-describedby={problem ? "api-key-name-problem" : undefined}
          className="grid gap-3 sm:grid-cols-[1fr_auto_1fr_auto] sm:items-end"
        >
          <div>
            <Label htmlFor="api-key-name">Name</Label>
            <Input
              id="api-key-name"
              name="name"
              required
              aria-required="true"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={problem ? true : undefined}
              className="mt-1"
            />
          </div>
          <div>
            <Label htmlFor="api-key-scope">Writes for</Label>
            <Select id="api-key-scope" name="scope" value={scope} onChange={(e) => setScope(e.target.value as Scope)} className="mt-1">
              <option value="platform">A platform integration</option>
              <option value="customer">One customer</option>
            </Select>
          </div>
          {scope === "platform" ? (
            <div>
              <Label htmlFor="api-key-platform">Integration</Label>
              <Input id="api-key-platform" name="platform" maxLength={40} value={platform} onChange={(e) => setPlatform(e.target.value)} className="mt-1" aria-describedby="api-key-platform-hint" />
              <p id="api-key-platform-hint" className="sr-only">
                Lowercase letters, digits or dashes, e.g. retell. Keys of one integration share its record ids.
              </p>
            </div>
          ) : (
            <div>
              <Label htmlFor="api-key-customer">Customer e-mail</Label>
              <Input id="api-key-customer" name="customerEmail" type="email" value={customerEmail} onChange={(e) => setCustomerEmail(e.target.value)} className="mt-1" />
            </div>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Create API key"}
          </Button>
        </form>
        {problem ? (
          <p id="api-key-name-problem" className="mt-2 text-sm text-red-800" role="alert">
            {problem}
          </p>
        ) : null}
        {created ? (
          <NewApiKey
            key={created.id}
            name={created.name}
            apiKey={created.key}
            onDone={() => {
              setCreated(null);
              focusName();
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
