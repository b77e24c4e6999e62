/** The text a reader sees in rendered markup: tags as spaces, apostrophes and ampersands decoded, white space collapsed. */
export const markupText = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
