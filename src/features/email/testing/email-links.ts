import type { RenderedEmail } from "../render-email";

/** Every link in both parts of an e-mail: the URLs in the text, the href and src values in the HTML. */
export function emailLinks({ html, text }: RenderedEmail): { text: string[]; html: string[] } {
  return {
    text: text.match(/https?:\/\/[^\s"<>]+/g) ?? [],
    html: [...html.matchAll(/(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")),
  };
}
