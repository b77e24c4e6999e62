import { describe, expect, it } from "vitest";
import { orderSetupEmail } from "./emails";

const order = {
  aiEmployeeName: "Ava <script>",
  aiPhoneNumber: "+1 555 0100",
  customerEmail: "owner@example.com",
  webChatUrl: "https://chat.example.com/ava?x=1&y=2",
  aiAvatarUrl: "/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png",
};

describe("setup instructions e-mail", () => {
  const mail = orderSetupEmail(order, "https://app.example.com");

  it("goes to the customer and tells them how to sign in, verify and start the trial on /billing", () => {
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toContain("Ava <script>");
    expect(mail.text).toContain("https://app.example.com/login?returnTo=%2Fbilling");
    expect(mail.text).toContain("Verify your e-mail address");
    expect(mail.text).toContain("https://app.example.com/billing");
    expect(mail.text).toContain("14-day free trial");
    expect(mail.text).toContain("+1 555 0100");
    expect(mail.html).toContain("Start Free Trial");
  });

  it("escapes what the admin typed and makes the avatar URL absolute", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Ava &lt;script&gt;");
    expect(mail.html).toContain("https://chat.example.com/ava?x=1&amp;y=2");
    expect(mail.html).toContain('src="https://app.example.com/api/objects/avatars/0b8e2c56-8f7a-4c1e-9d3a-2f6b1e4a7c90.png"');
  });

  it("leaves the image out when there is no avatar", () => {
    expect(orderSetupEmail({ ...order, aiAvatarUrl: null }, "https://app.example.com").html).not.toContain("<img");
  });
});
