/**
 * Deleting a business account asks for its name, typed (issue 22): the form
 * and DELETE /api/account judge it alike. Spaces around the name do not
 * count; letters must match as written.
 */
export function accountNameConfirmationProblem(accountName: string, typed: unknown): string | null {
  if (typeof typed === "string" && typed.trim() === accountName.trim()) return null;
  return `To delete the business account, type its name exactly as shown: ${accountName}`;
}
