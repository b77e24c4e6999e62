import { expect } from "vitest";
import type { RenderedEmail } from "../render-email";

/** Checks an e-mail's address, kind and subject, and that its text and its HTML part both say each of `inBothParts`. */
export function expectEmail(mail: RenderedEmail, head: { to: string; kind: string; subject: string }, inBothParts: string[]): void {
  expect(mail).toMatchObject(head);
  for (const part of [mail.text, mail.html]) {
    for (const words of inBothParts) expect(part).toContain(words);
  }
}
