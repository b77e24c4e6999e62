import { emailLayout, escapeHtml, type OutgoingEmail } from "@/features/email/email.server";

export type SetupEmailOrder = {
  aiEmployeeName: string;
  aiPhoneNumber: string;
  customerEmail: string;
  webChatUrl: string;
  aiAvatarUrl: string | null;
};

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** Absolute URL for links and images in an e-mail (our paths are relative). */
function absolute(baseUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${baseUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * The setup instructions sent to the customer when an admin creates an
 * AI-ready order: sign in (or create an account) with this address, verify
 * it, then start the 14-day free trial on /billing.
 */
export function orderSetupEmail(order: SetupEmailOrder, baseUrl: string): OutgoingEmail {
  const name = order.aiEmployeeName;
  const loginUrl = `${baseUrl}/login?returnTo=${encodeURIComponent("/billing")}`;
  const billingUrl = `${baseUrl}/billing`;
  const subject = `Your AI employee ${name} is ready to start`;
  const text = [
    `Hello,`,
    ``,
    `Your AI employee ${name} has been set up for ${order.customerEmail} and is ready to go.`,
    ``,
    `  Phone number: ${order.aiPhoneNumber}`,
    `  Web chat: ${order.webChatUrl}`,
    ``,
    `How to get started:`,
    `1. Sign in, or create an account, with this e-mail address (${order.customerEmail}): ${loginUrl}`,
    `2. Verify your e-mail address with the link we send you. ${name} is shown only to a verified address.`,
    `3. Open Billing & Account (${billingUrl}), choose the AI Employees tab and click "Start Free Trial" next to ${name}.`,
    ``,
    `Every plan starts with a 14-day free trial. Your card is charged only after the trial ends, and you can cancel anytime.`,
    ``,
    `Questions? Reply to this e-mail and our team will help.`,
  ].join("\n");
  const avatar = order.aiAvatarUrl
    ? `<p style="margin:0 0 16px"><img src="${escapeHtml(absolute(baseUrl, order.aiAvatarUrl))}" alt="${escapeHtml(`Avatar of ${name}`)}" width="96" height="96" style="border-radius:48px;object-fit:cover"></p>`
    : "";
  const html = emailLayout(
    `${name} is ready to start`,
    `${avatar}<p>Hello,</p>
<p>Your AI employee <strong>${escapeHtml(name)}</strong> has been set up for <strong>${escapeHtml(order.customerEmail)}</strong> and is ready to go.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:14px">
<tr><td style="padding:4px 16px 4px 0;color:#6b7280">Phone number</td><td style="padding:4px 0">${escapeHtml(order.aiPhoneNumber)}</td></tr>
<tr><td style="padding:4px 16px 4px 0;color:#6b7280">Web chat</td><td style="padding:4px 0"><a href="${escapeHtml(order.webChatUrl)}">${escapeHtml(order.webChatUrl)}</a></td></tr>
</table>
<h2 style="font-size:17px;margin:24px 0 8px">How to get started</h2>
<ol style="padding-left:20px;line-height:1.6">
<li>Sign in, or create an account, with this e-mail address (<strong>${escapeHtml(order.customerEmail)}</strong>).</li>
<li>Verify your e-mail address with the link we send you. ${escapeHtml(name)} is shown only to a verified address.</li>
<li>Open <a href="${escapeHtml(billingUrl)}">Billing &amp; Account</a>, choose the <strong>AI Employees</strong> tab and click <strong>Start Free Trial</strong> next to ${escapeHtml(name)}.</li>
</ol>
${button(loginUrl, "Sign in and start your free trial")}
<p>Every plan starts with a 14-day free trial. Your card is charged only after the trial ends, and you can cancel anytime.</p>
<p style="font-size:13px;color:#6b7280">Questions? Reply to this e-mail and our team will help.</p>`,
  );
  return { to: order.customerEmail, subject, text, html, kind: "ai-ready-order-setup" };
}
