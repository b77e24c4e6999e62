import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { OrderSetup, orderSetupSubject } from "@/features/email/templates/order-setup";

export type SetupEmailOrder = {
  aiEmployeeName: string;
  aiPhoneNumber: string;
  customerEmail: string;
  webChatUrl: string;
  aiAvatarUrl: string | null;
  /** Set when the order joined a subscription that was waiting for an AI employee (issue 23). */
  subscriptionId?: string | null;
};

/** The setup instructions e-mailed to the customer of a new AI-ready order (template: OrderSetup). */
export async function orderSetupEmail(order: SetupEmailOrder, baseUrl: string): Promise<OutgoingEmail> {
  const joined = Boolean(order.subscriptionId);
  const parts = await renderEmail(
    <OrderSetup
      aiEmployeeName={order.aiEmployeeName}
      aiPhoneNumber={order.aiPhoneNumber}
      customerEmail={order.customerEmail}
      webChatUrl={order.webChatUrl}
      aiAvatarUrl={order.aiAvatarUrl}
      baseUrl={baseUrl}
      joinedSubscription={joined}
    />,
  );
  return { to: order.customerEmail, subject: orderSetupSubject(order.aiEmployeeName, joined), ...parts, kind: "ai-ready-order-setup" };
}
