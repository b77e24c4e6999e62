import "server-only";
import { ZodError } from "@/lib/zod";

/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    /** Headers the answer carries (Retry-After on a 429). */
    public readonly headers?: Record<string, string>,
    /** More fields of the JSON body beside `message` (a 409's `currentVersion`). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** One readable sentence from a zod error: 'email: Invalid email address; name: Required'. */
export function zodMessage(error: ZodError): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)).join("; ");
}

/** JSON error body of the API: { "message": ... } (and any `details` beside it). */
export function errorResponse(status: number, message: string, headers?: HeadersInit, details?: Record<string, unknown>): Response {
  return Response.json({ ...details, message }, { status, headers });
}
