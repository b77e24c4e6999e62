import { beforeAll, describe, expect, it } from "vitest";
import type { OutgoingEmail } from "@/features/email/email.server";
import { orderSetupEmail } from "./emails";

const order = {
  aiEmployeeName: "Ava <script>",
  aiPhoneNumber: "+1 555 0100",
  customerEmail: "owner@example.com",
  webChatUrl: "https://chat.example.com/ava?x=1&y=2",
  aiAvatarUrl: "/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
};

describe("setup instructions e-mail", () => {
  let mail: OutgoingEmail;
  beforeAll(async () => {
    mail = await orderSetupEmail(order, "https://app.example.com");
  });

  it("goes to the customer and tells them how to sign in, verify and start the trial on /billing", () => {
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("Your AI employee Ava <script> is ready to start");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Verify your e-mail address with the link we send you.");
      expect(part).toContain("Every plan starts with a 14-day free trial.");
      expect(part).toContain("+1 555 0100");
      expect(part).toContain("Start Free Trial");
    }
    expect(mail.text).toContain("https://app.example.com/login?returnTo=%2Fbilling");
    expect(mail.text).toContain("https://app.example.com/billing");
    expect(mail.text).toContain("Web chat: https://chat.example.com/ava?x=1&y=2");
    expect(mail.html).toContain('href="https://app.example.com/login?returnTo=%2Fbilling"');
    expect(mail.html).toContain('href="https://app.example.com/billing"');
  });

  it("escapes what the admin typed and makes the avatar URL absolute", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Ava &lt;script&gt;");
    expect(mail.html).toContain("https://chat.example.com/ava?x=1&amp;y=2");
    expect(mail.html).toContain('src="https://app.example.com/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png"');
    expect(mail.html).toContain('alt="Avatar of Ava &lt;script&gt;"');
  });

  it("leaves the image out when there is no avatar", async () => {
    expect((await orderSetupEmail({ ...order, aiAvatarUrl: null }, "https://app.example.com")).html).not.toContain("<img");
  });
});
