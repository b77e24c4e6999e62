import { describe, expect, it } from "vitest";
import { PERMISSIONS, can } from "@/features/accounts/permissions";
import { ADMIN_LINKS, PORTAL_LINKS, isCurrent, navSection, visibleLinks } from "./nav";

const held = (role: "owner" | "manager" | "staff" | "billing") => PERMISSIONS.filter((p) => can(role, p));
const labels = (role: "owner" | "manager" | "staff" | "billing") => visibleLinks(PORTAL_LINKS, held(role)).map((l) => l.label);

describe("the portal's navigation (issue 23)", () => {
  it("shows each role only the pages it may use", () => {
    expect(labels("owner")).toEqual(["Dashboard", "Calls", "Insights", "AI employee", "Billing", "Account"]);
    expect(labels("manager")).toEqual(["Dashboard", "Calls", "Insights", "AI employee", "Account"]);
    expect(labels("staff")).toEqual(["Dashboard", "Calls", "Insights", "AI employee", "Account"]);
    expect(labels("billing")).toEqual(["Billing", "Account"]);
    // Before the permissions are known, only the links every member may use.
    expect(visibleLinks(PORTAL_LINKS, null).map((l) => l.label)).toEqual(["Account"]);
  });

  it("tells portal, admin and public pages apart", () => {
    expect(["/dashboard", "/calls/abc", "/ai-employees", "/ai-employees/abc/settings", "/billing", "/account", "/profile", "/checkout", "/subscribe", "/insights"].map(navSection)).toEqual(
      Array(10).fill("portal"),
    );
    expect(["/admin", "/admin/usage"].map(navSection)).toEqual(["admin", "admin"]);
    expect(["/", "/pricing", "/login", "/administer", "/callsign"].map(navSection)).toEqual(Array(5).fill("public"));
  });

  it("marks one current link per page", () => {
    const current = (path: string, links = PORTAL_LINKS) => links.filter((l) => isCurrent(path, l)).map((l) => l.label);
    expect(current("/billing")).toEqual(["Billing"]);
    expect(current("/calls/123")).toEqual(["Calls"]);
    expect(current("/insights")).toEqual(["Insights"]);
    expect(current("/ai-employees/abc/settings")).toEqual(["AI employee"]);
    expect(current("/admin", ADMIN_LINKS)).toEqual(["Console"]);
    expect(current("/admin/usage", ADMIN_LINKS)).toEqual(["Usage"]);
    expect(current("/admin/metrics", ADMIN_LINKS)).toEqual(["Metrics"]);
    expect(current("/admin/outbox/templates", ADMIN_LINKS)).toEqual(["Outbox"]);
    expect(current("/admin/sms-outbox", ADMIN_LINKS)).toEqual(["SMS outbox"]);
  });
});
