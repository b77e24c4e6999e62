/**
 * The first text in a record that PostgreSQL cannot store, as `path: problem`,
 * or null (issue 21): a NUL character (no text column takes it) or a lone
 * UTF-16 surrogate such as "\ud800" (a jsonb column refuses its escape, a
 * text column would silently store U+FFFD instead). Checked per record, so a
 * bad one is `rejected` on its own and the rest of the batch is stored.
 */
export function unstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return `${path || "record"}: ${problem}`;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const childPath = path ? `${path}.${k}` : k;
        const keyProblem = textProblem(k);
        if (keyProblem) return `${childPath}: ${keyProblem}`;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "text must not contain NUL characters";
  if (!text.isWellFormed()) return "text must be valid Unicode (it holds a lone surrogate such as \\ud800)";
  return null;
}
