import { describe, expect, it } from "vitest";
import { firstFormProblem, signInFormSchema, signUpFormSchema } from "./login-form.schema";

const ORDER = ["firstName", "lastName", "email", "password"] as const;

function signUpProblem(values: { firstName?: string; lastName?: string; email?: string; password?: string }): string | null {
  const result = signUpFormSchema.safeParse({ firstName: "Jo", lastName: "Lee", email: "jo@example.com", password: "correct-horse-battery", ...values });
  if (result.success) return null;
  // Like the resolver: the first problem of each field.
  const errors: Record<string, { message: string }> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= { message: issue.message };
  return firstFormProblem(errors, ORDER);
}

describe("login form schemas", () => {
  it("sign-in: trims the address, keeps the password as typed", () => {
    expect(signInFormSchema.parse({ email: "  jo@example.com ", password: " secret " })).toEqual({ email: "jo@example.com", password: " secret " });
    expect(signInFormSchema.safeParse({ email: "", password: "x" }).success).toBe(false);
    expect(signInFormSchema.safeParse({ email: "jo@example.com", password: "" }).success).toBe(false);
    expect(signInFormSchema.safeParse({ email: "not-an-address", password: "x" }).success).toBe(false);
  });

  it("sign-up: the body better-auth gets (trimmed names, name from them or the address)", () => {
    expect(signUpFormSchema.parse({ firstName: " Jo ", lastName: " Lee", email: " jo@example.com ", password: "correct-horse-battery" })).toEqual({
      firstName: "Jo",
      lastName: "Lee",
      email: "jo@example.com",
      password: "correct-horse-battery",
      name: "Jo Lee",
    });
    expect(signUpFormSchema.parse({ firstName: "Jo", lastName: "", email: "jo@example.com", password: "correct-horse-battery" }).name).toBe("Jo");
  });

  it("sign-up: the server's profile-field bounds and password length, with its messages", () => {
    expect(signUpProblem({})).toBeNull();
    expect(signUpProblem({ firstName: "  " })).toBe("First name is required");
    // The server checks `name` ("First Last") first, so a long last name is reported as it does.
    expect(signUpProblem({ lastName: "x".repeat(101) })).toBe("Name must be at most 100 characters.");
    // Each name fits, "First Last" does not.
    expect(signUpProblem({ firstName: "x".repeat(60), lastName: "y".repeat(60) })).toBe("Name must be at most 100 characters.");
    expect(signUpProblem({ email: "jo@" })).toBe("Enter a valid email address");
    expect(signUpProblem({ password: "" })).toBe("Enter a password.");
    expect(signUpProblem({ password: "short" })).toBe("Choose a longer password: use at least 10 characters.");
    expect(signUpProblem({ password: "x".repeat(129) })).toBe("Choose a shorter password: use at most 128 characters.");
  });
});
