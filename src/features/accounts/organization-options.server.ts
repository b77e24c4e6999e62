import "server-only";
import { eq } from "drizzle-orm";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db";
import { invitation as invitationTable } from "@/db/schema";
import { queueEmail } from "@/features/email/email.server";
import { invitationEmail } from "@/features/email/invitation-email";
import { accessControl, isAccountRole, pluginRoles, ROLE_LABELS } from "./permissions";
import { INVITATION_DAYS } from "./invitation-rules";

/**
 * better-auth's organization plugin as the product uses it (issue 22, ADR
 * 0107): our roles and permissions, 7-day invitations whose e-mail goes
 * through the e-mail jobs, and the business details as fields of the
 * account. Accounts are deleted by our own flow (account-deletion.server.ts),
 * which keeps invoices, so the plugin's delete endpoint is off.
 */
export function organizationOptions() {
  return {
    ac: accessControl,
    roles: pluginRoles,
    creatorRole: "owner",
    invitationExpiresIn: INVITATION_DAYS * 24 * 60 * 60,
    disableOrganizationDeletion: true,
    schema: {
      organization: {
        additionalFields: {
          billingEmail: { type: "string", required: false, input: true },
          timeZone: { type: "string", required: false, input: true, defaultValue: "UTC" },
          deletedAt: { type: "date", required: false, input: false },
        },
      },
      invitation: { additionalFields: { lastSentAt: { type: "date", required: false, input: false } } },
    },
    sendInvitationEmail: async (data: {
      id: string;
      role: string;
      email: string;
      organization: { name: string };
      invitation: { expiresAt: Date };
      inviter: { user: { name?: string | null; email: string } & Record<string, unknown> };
    }) => {
      const inviter = data.inviter.user as { firstName?: string | null; lastName?: string | null; name?: string | null; email: string };
      const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.name || inviter.email;
      const message = await invitationEmail(data.email, {
        accountName: data.organization.name,
        inviterName,
        roleLabel: isAccountRole(data.role) ? ROLE_LABELS[data.role] : data.role,
        url: new URL(`/invitations/${encodeURIComponent(data.id)}`, config().baseUrl).toString(),
        expiresOn: data.invitation.expiresAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
      });
      const db = await getDb();
      await db.transaction(async (tx) => {
        await queueEmail(tx, message);
        await tx.update(invitationTable).set({ lastSentAt: new Date() }).where(eq(invitationTable.id, data.id));
      });
    },
  } as const;
}
