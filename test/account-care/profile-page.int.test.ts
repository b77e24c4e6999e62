import { beforeAll, describe, expect, it, vi } from "vitest";
import ProfileRoute from "@app/(portal)/profile/page";
import { ProfilePage } from "@/features/account-care/profile-page";
import { RedirectToLogin } from "@/features/auth/components/redirect-to-login";
import { createUser, type TestUser } from "../http-helpers";
import { memberOf } from "../account-helpers";
import { renderPageAs } from "../page-render";

/**
 * /profile (issue 22): anonymous visitors go to the login; a signed-in user
 * gets their own data, and the "Business account" section only when they
 * may delete the account they work in (account.delete).
 */

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers, cookies: async () => ({ get: () => undefined, getAll: () => [] }) }));

type PageProps = Parameters<typeof ProfilePage>[0];

const render = (cookie: string | null, params?: Record<string, string>) => renderPageAs(request, ProfileRoute, cookie, params);

describe("/profile", () => {
  let owner: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    owner = await createUser({ firstName: "Olga" });
    staff = await memberOf(owner.id, "staff", { alone: true });
  });

  it("sends an anonymous visitor to the login, back to /profile", async () => {
    const el = await render(null);
    expect(el.type).toBe(RedirectToLogin);
    expect((el.props as { returnTo: string }).returnTo).toBe("/profile");
  });

  it("shows the owner their name, sessions (this one marked), the last-owner rule and the business account to delete", async () => {
    const el = await render(owner.cookie);
    expect(el.type).toBe(ProfilePage);
    const props = el.props as PageProps;
    expect(props.user).toMatchObject({ firstName: "Olga", email: owner.email });
    expect(props.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(props.data.hasPassword).toBe(true);
    expect(props.data.deletion.refusal).toMatch(/^You are the last owner of /);
    expect(props.data.deletableAccount).toEqual({ id: owner.id, name: expect.any(String) });
    expect(props.notices).toEqual({ email: null, accountDeleted: false });
  });

  it("shows staff no business account to delete, and no refusal for their own login", async () => {
    const props = (await render(staff.cookie)).props as PageProps;
    expect(props.data.deletableAccount).toBeNull();
    expect(props.data.deletion).toEqual({ refusal: null, soleAccounts: [] });
  });

  it("says what happened when the link to a new address was followed, or why it failed", async () => {
    expect(((await render(owner.cookie, { email: "changed" })).props as PageProps).notices.email).toEqual({ ok: true, text: expect.stringMatching(/e-mail address is changed/) });
    expect(((await render(owner.cookie, { email: "changed", error: "TOKEN_EXPIRED" })).props as PageProps).notices.email).toMatchObject({ ok: false });
    expect(((await render(owner.cookie, { account: "deleted" })).props as PageProps).notices.accountDeleted).toBe(true);
  });
});
