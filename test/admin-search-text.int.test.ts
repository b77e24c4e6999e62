import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { aiReadyOrders, member, user } from "@/db/schema";
import * as subscriptionList from "@app/api/admin/subscriptions/route";
import { call, createUser, type TestUser } from "./http-helpers";
import { customerWithAiEmployee } from "./interactions-fixtures";
import { memberOf } from "./account-helpers";

/**
 * The admin search reads each subscription's search text, kept by triggers in
 * the writer's transaction (ADR 0157): a renamed login, a member who joins or
 * leaves, a renamed AI employee show in the next search.
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

async function found(q: string): Promise<string[]> {
  const res = await call(subscriptionList.GET, { path: `/api/admin/subscriptions?q=${encodeURIComponent(q)}`, cookie: admin.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: string }>).map((s) => s.id);
}

describe("the admin search's text stays current", () => {
  it("follows a renamed owner, a member joining and leaving, and a renamed AI employee", async () => {
    const customer = await customerWithAiEmployee();
    const other = await customerWithAiEmployee();
    const tag = randomUUID().slice(0, 8);
    const db = await getDb();

    const renamed = await db
      .update(user)
      .set({ lastName: `Quillfeather${tag}` })
      .where(eq(user.id, customer.user.id))
      .returning({ id: user.id });
    expect(renamed).toHaveLength(1);
    expect(await found(`quillfeather${tag}`)).toEqual([customer.subscriptionId]);

    const joiner = await memberOf(customer.user.id, "staff", { email: `joiner-${tag}@example.com` });
    expect(await found(`joiner-${tag}`)).toEqual([customer.subscriptionId]);
    const left = await db
      .delete(member)
      .where(and(eq(member.organizationId, customer.user.id), eq(member.userId, joiner.id)))
      .returning({ id: member.id });
    expect(left).toHaveLength(1);
    expect(await found(`joiner-${tag}`)).toEqual([]);

    const employee = await db
      .update(aiReadyOrders)
      .set({ aiEmployeeName: `Orinoco${tag}` })
      .where(eq(aiReadyOrders.id, other.orderId))
      .returning({ id: aiReadyOrders.id });
    expect(employee).toHaveLength(1);
    expect(await found(`orinoco${tag}`)).toEqual([other.subscriptionId]);
  });
});
