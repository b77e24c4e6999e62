"use client";
import { useState } from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye, Pencil, SlidersHorizontal, Trash2, UserRound } from "lucide-react";
import { api, apiPath } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { Badge } from "@/lib/ui/badge";
import { Button } from "@/lib/ui/button";
import { SectionCard } from "@/lib/ui/card";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/lib/ui/dialog";
import { FactList } from "@/lib/ui/field";
import { TableHead } from "@/lib/ui/column-headers";
import { SelectField } from "@/lib/ui/input";
import { usePagedList, useSearchText } from "@/lib/paged-list";
import { ListShell } from "@/lib/ui/list-shell";
import { toast } from "@/lib/ui/toaster";
import { showAdminError } from "@/features/admin-errors/use-admin-errors";
import { AccountCell, AccountFilterNote, useAccountFilter } from "@/features/admin-accounts/components/account-filter";
import { orderInputSchema, type AdminOrderView, type OrderData, type OrderInput } from "../order.schema";
import type { AdminOrderListItem } from "../admin-orders-list.server";
import { invalidOrderToast, ORDERS_KEY } from "./create-order-form";
import { OrderFields } from "./order-fields";

const STATUS_OPTIONS = [
  { value: "pending", label: "Pending" },
  { value: "claimed", label: "Claimed" },
  { value: "active", label: "Active" },
];

export const DELETE_CONFIRM = "Are you sure you want to delete this AI Ready Order? This action cannot be undone.";

type Mode = { kind: "view" | "edit" | "delete"; order: AdminOrderView } | null;

export function StatusBadge({ status }: { status: string }) {
  if (status === "pending") return <Badge variant="amber">Pending</Badge>;
  if (status === "claimed") return <Badge variant="blue">Claimed</Badge>;
  if (status === "active") return <Badge variant="green">Active</Badge>;
  return <Badge variant="grey">{status}</Badge>;
}

function Avatar({ order, size = "size-10" }: { order: AdminOrderView; size?: string }) {
  return (
    <span className={`flex ${size} shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-50 text-brand-800`}>
      {order.aiAvatarUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- uploaded file served by our own route
        <img src={order.aiAvatarUrl} alt={`Avatar of ${order.aiEmployeeName}`} className="size-full object-cover" />
      ) : (
        <UserRound className="size-5" aria-label={`No avatar for ${order.aiEmployeeName}`} />
      )}
    </span>
  );
}

const when = (iso: string) => formatDate(iso);

const ORDER_COLUMNS = [
  ...["AI Employee", "Phone", "Customer Email", "Account", "Web Chat", "Status", "Created"].map((label) => [label, "py-2 pr-3"] as const),
  ["Actions", "py-2 text-right"] as const,
];

/** Manage Orders tab: list (filtered by business account with ?account=, ADR 0110), view, edit (Save/Cancel) and delete after confirmation. */
export function ManageOrders() {
  const [mode, setMode] = useState<Mode>(null);
  const { text, setText, q } = useSearchText();
  const [status, setStatus] = useState("");
  const account = useAccountFilter();
  // One page at a time, searched and filtered on the server (ADR 0096).
  const orders = usePagedList<AdminOrderListItem>(ORDERS_KEY[0], { q: q || undefined, status: status || undefined, account: account ?? undefined });
  const filtered = Boolean(q || status || account);

  return (
    <SectionCard title="Manage AI Ready Orders" description="Every AI employee prepared for a customer, newest first.">
      <ListShell
        query={orders}
        count={orders.items.length}
        searchLabel="Search orders"
        searchClassName="sm:grid-cols-2"
        search={{ id: "orders-search", label: "Search", placeholder: "AI employee, e-mail or phone", value: text, onChange: setText }}
        filters={<SelectField id="orders-status" label="Status" none="Any status" options={STATUS_OPTIONS} value={status} onChange={(e) => setStatus(e.target.value)} />}
        notice={account ? <AccountFilterNote tab="ai-ready-orders" accountId={account} accountName={orders.items.find((o) => o.account?.id === account)?.account?.name ?? null} /> : null}
        loading="Loading orders"
        error="Unable to load AI ready orders."
        empty={filtered ? "No AI ready orders match." : "No AI ready orders yet. Create one on the Create Orders tab."}
      >
        <div className="relative overflow-x-auto" data-testid="admin-orders-list">
          <table className="w-full min-w-[1000px] text-left text-sm">
            <caption className="sr-only">AI ready orders</caption>
            <TableHead columns={ORDER_COLUMNS} className="border-b border-slate-200 text-xs uppercase text-slate-600" />
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id} className="border-b border-slate-100 last:border-0" data-testid="order-row">
                  <td className="py-3 pr-3">
                    <span className="flex items-center gap-3 font-medium text-slate-900">
                      <Avatar order={o} />
                      {o.aiEmployeeName}
                    </span>
                  </td>
                  <td className="py-3 pr-3 whitespace-nowrap">{o.aiPhoneNumber}</td>
                  <td className="py-3 pr-3">{o.customerEmail}</td>
                  <td className="py-3 pr-3">
                    <AccountCell tab="ai-ready-orders" account={o.account} none="Not claimed yet" />
                  </td>
                  <td className="max-w-[14rem] truncate py-3 pr-3">
                    <a href={o.webChatUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
                      {o.webChatUrl.replace(/^https?:\/\//, "")}
                    </a>
                  </td>
                  <td className="py-3 pr-3">
                    <StatusBadge status={o.status} />
                  </td>
                  <td className="py-3 pr-3 whitespace-nowrap">{when(o.createdAt)}</td>
                  <td className="py-3">
                    <span className="flex justify-end gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setMode({ kind: "view", order: o })} aria-label={`View ${o.aiEmployeeName}`}>
                        <Eye aria-hidden /> View
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setMode({ kind: "edit", order: o })} aria-label={`Edit ${o.aiEmployeeName}`}>
                        <Pencil aria-hidden /> Edit
                      </Button>
                      <Button asChild variant="ghost" size="sm">
                        <Link href={`/admin/ai-employees/${encodeURIComponent(o.id)}/settings`} aria-label={`Settings for ${o.aiEmployeeName}`}>
                          <SlidersHorizontal aria-hidden /> Settings
                        </Link>
                      </Button>
                      <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50" onClick={() => setMode({ kind: "delete", order: o })} aria-label={`Delete ${o.aiEmployeeName}`}>
                        <Trash2 aria-hidden /> Delete
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListShell>
      <Dialog open={mode?.kind === "view" || mode?.kind === "edit"} onOpenChange={(open) => !open && setMode(null)}>
        {mode?.kind === "view" ? <ViewOrder order={mode.order} onEdit={() => setMode({ kind: "edit", order: mode.order })} /> : null}
        {mode?.kind === "edit" ? <EditOrder key={mode.order.id} order={mode.order} onDone={() => setMode(null)} /> : null}
      </Dialog>
      {mode?.kind === "delete" ? <DeleteOrder order={mode.order} onDone={() => setMode(null)} /> : null}
    </SectionCard>
  );
}

function ViewOrder({ order, onEdit }: { order: AdminOrderView; onEdit: () => void }) {
  const rows: Array<[string, React.ReactNode]> = [
    ["Phone Number", order.aiPhoneNumber],
    ["Customer Email", order.customerEmail],
    [
      "Web Chat URL",
      <a key="chat" href={order.webChatUrl} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline">
        {order.webChatUrl}
      </a>,
    ],
    ["Status", <StatusBadge key="status" status={order.status} />],
    ["Subscription", order.subscriptionId ?? "Not started yet"],
    ["Created", formatDateTime(order.createdAt)],
    ["Updated", formatDateTime(order.updatedAt)],
  ];
  return (
    <DialogContent>
      <div className="flex items-center gap-4">
        <Avatar order={order} size="size-16" />
        <div>
          <DialogTitle>{order.aiEmployeeName}</DialogTitle>
          <DialogDescription>AI ready order details</DialogDescription>
        </div>
      </div>
      <FactList facts={rows} className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" labelClassName="font-medium text-slate-600" />
      <div className="mt-6 flex justify-end">
        <Button onClick={onEdit}>
          <Pencil aria-hidden /> Edit
        </Button>
      </div>
    </DialogContent>
  );
}

function EditOrder({ order, onDone }: { order: AdminOrderView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm<OrderInput, unknown, OrderData>({
    resolver: zodResolver(orderInputSchema),
    defaultValues: {
      aiEmployeeName: order.aiEmployeeName,
      aiPhoneNumber: order.aiPhoneNumber,
      customerEmail: order.customerEmail,
      webChatUrl: order.webChatUrl,
      aiAvatarUrl: order.aiAvatarUrl,
    },
  });
  const update = useMutation({
    mutationFn: (data: OrderData) => api.patch<AdminOrderView>(apiPath`/api/admin/ai-ready-orders/${order.id}`, data),
    onSuccess: (saved) => {
      toast({ title: "AI Ready Order Updated", description: `${saved.aiEmployeeName} was saved.` });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      onDone();
    },
    onError: (error) => showAdminError(error, "Failed to update AI ready order"),
  });
  return (
    <DialogContent className="max-w-2xl">
      <DialogTitle>Edit {order.aiEmployeeName}</DialogTitle>
      <DialogDescription>Change the order and save, or cancel to keep it as it is.</DialogDescription>
      <form noValidate className="mt-4 space-y-5" onSubmit={form.handleSubmit((d) => update.mutate(d), invalidOrderToast)} aria-label={`Edit ${order.aiEmployeeName}`}>
        <OrderFields idPrefix="edit" form={form} onUploadingChange={setUploading} />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending || uploading}>
            {update.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

function DeleteOrder({ order, onDone }: { order: AdminOrderView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => api.delete(apiPath`/api/admin/ai-ready-orders/${order.id}`),
    onSuccess: () => {
      toast({ title: "AI Ready Order Deleted", description: `${order.aiEmployeeName} was deleted.` });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      onDone();
    },
    onError: (error) => showAdminError(error, "Failed to delete AI ready order"),
  });
  return (
    <ConfirmDialog
      alert
      open
      onOpenChange={(open) => !open && !remove.isPending && onDone()}
      title={`Delete ${order.aiEmployeeName}?`}
      description={DELETE_CONFIRM}
      confirm="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      destructive
    />
  );
}
