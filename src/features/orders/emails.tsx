import type { OutgoingEmail } from "@/features/email/email.server";
import { renderEmail } from "@/features/email/render-email";
import { OrderSetup, orderSetupSubject } from "@/features/email/templates/order-setup";

export type SetupEmailOrder = {
  aiEmployeeName: string;
  aiPhoneNumber: string;
  customerEmail: string;
  webChatUrl: string;
  aiAvatarUrl: string | null;
};

/** The setup instructions e-mailed to the customer of a new AI-ready order (template: OrderSetup). */
export async function orderSetupEmail(order: SetupEmailOrder, baseUrl: string): Promise<OutgoingEmail> {
  const parts = await renderEmail(<OrderSetup {...order} baseUrl={baseUrl} />);
  return { to: order.customerEmail, subject: orderSetupSubject(order.aiEmployeeName), ...parts, kind: "ai-ready-order-setup" };
}
