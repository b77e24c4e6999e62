import { FRAME_HEIGHT_SCRIPT, FRAME_HEIGHT_SCRIPT_SOURCE } from "@/lib/http/csp";

/**
 * The document shown in EmailPreviewFrame: the e-mail's HTML with a CSP of
 * its own. The frame is sandboxed with an opaque origin (no access to the
 * page); the only script allowed in it is FRAME_HEIGHT_SCRIPT (by its hash),
 * which tells the page the message's height. Nothing in a message can run.
 */
export function previewDocument(html: string): string {
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src * data:; style-src 'unsafe-inline'; script-src ${FRAME_HEIGHT_SCRIPT_SOURCE}">`;
  const withCsp = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}${csp}`) : `${csp}${html}`;
  return `${withCsp}<script>${FRAME_HEIGHT_SCRIPT}</script>`;
}
