import { MAX_IMAGE_LENGTH, MAX_NAME_LENGTH } from "./auth-limits";

/**
 * Bounds for the profile fields better-auth stores on `user` from
 * /sign-up/email and /update-user. better-auth accepts any string there, so
 * these are checked in a before hook: names are trimmed and at most
 * MAX_NAME_LENGTH characters (`name` must not be empty), and the image is an
 * http(s) URL or one of our own object paths, at most MAX_IMAGE_LENGTH.
 */

export type ProfileFieldName = "name" | "firstName" | "lastName" | "image";

const LABELS: Record<ProfileFieldName, string> = {
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  image: "Profile image",
};

export type ProfileCheck = { ok: true; values: Partial<Record<ProfileFieldName, string | null>> } | { ok: false; field: ProfileFieldName; message: string };

/** An http(s) URL, or a path of our object store (/api/objects/...) without dot segments. */
export function isProfileImageUrl(value: string): boolean {
  // No whitespace or control characters anywhere.
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith("/api/objects/")) {
    const rest = value.slice("/api/objects/".length);
    if (!/^[A-Za-z0-9._~\-/]+$/.test(rest)) return false;
    return rest.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
  }
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Checks the profile fields present in a sign-up ("create") or update-user
 * ("update") body. Returns the trimmed values to store, or the first problem
 * with a message that names the field.
 */
export function checkProfileFields(body: Record<string, unknown>, mode: "create" | "update"): ProfileCheck {
  const values: Partial<Record<ProfileFieldName, string | null>> = {};
  const fail = (field: ProfileFieldName, problem: string): ProfileCheck => ({ ok: false, field, message: `${LABELS[field]} ${problem}` });

  for (const field of ["name", "firstName", "lastName"] as const) {
    const present = field in body && body[field] !== undefined;
    if (!present) {
      if (field === "name" && mode === "create") return fail(field, "is required.");
      continue;
    }
    const raw = body[field];
    if (raw === null && field !== "name") {
      values[field] = null;
      continue;
    }
    if (typeof raw !== "string") return fail(field, "must be text.");
    const trimmed = raw.trim();
    if (field === "name" && trimmed.length === 0) return fail(field, "is required.");
    if (trimmed.length > MAX_NAME_LENGTH) return fail(field, `must be at most ${MAX_NAME_LENGTH} characters.`);
    values[field] = trimmed;
  }

  if ("image" in body && body.image !== undefined) {
    const image = body.image;
    if (image === null || image === "") {
      // Removing the picture.
      values.image = image;
    } else if (typeof image !== "string") {
      return fail("image", "must be a URL.");
    } else {
      const trimmed = image.trim();
      if (trimmed.length > MAX_IMAGE_LENGTH) return fail("image", `must be at most ${MAX_IMAGE_LENGTH} characters.`);
      if (!isProfileImageUrl(trimmed)) return fail("image", "must be an http(s) URL or an uploaded image (/api/objects/...).");
      values.image = trimmed;
    }
  }
  return { ok: true, values };
}
