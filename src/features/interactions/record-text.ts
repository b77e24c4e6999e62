import { findTextProblem } from "@/lib/http/guard";

/**
 * The first text in a record that PostgreSQL cannot store, as `path: problem`,
 * or null (issue 21): a NUL character (no text column takes it) or a lone
 * UTF-16 surrogate such as "\ud800" (a jsonb column refuses its escape, a
 * text column would silently store U+FFFD instead). Checked per record, so a
 * bad one is `rejected` on its own and the rest of the batch is stored.
 */
export function unstorableText(value: unknown): string | null {
  const found = findTextProblem(value, textProblem);
  return found ? `${found.path || "record"}: ${found.problem}` : null;
}

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "text must not contain NUL characters";
  if (!text.isWellFormed()) return "text must be valid Unicode (it holds a lone surrogate such as \\ud800)";
  return null;
}
