"use client";
import { useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { Button } from "@/lib/ui/button";
import { SectionCard } from "@/lib/ui/card";
import { toast } from "@/lib/ui/toaster";
import { SESSION_EXPIRED_META, showAdminError } from "@/features/admin-errors/use-admin-errors";
import { orderInputSchema, problemFromMessages, type AdminOrderView, type OrderData, type OrderInput } from "../order.schema";
import { OrderFields } from "./order-fields";

export const ORDERS_KEY = ["/api/admin/ai-ready-orders"] as const;

const EMPTY: OrderInput = { aiEmployeeName: "", aiPhoneNumber: "", customerEmail: "", webChatUrl: "", aiAvatarUrl: null };

export function invalidOrderToast(errors: FieldErrors<OrderInput>): void {
  const messages = Object.values(errors)
    .map((e) => e?.message)
    .filter((m): m is string => typeof m === "string");
  const problem = problemFromMessages(messages);
  toast({ title: problem.title, description: problem.description, variant: "destructive" });
}

/** Create Orders tab: an AI-ready order for a customer's e-mail, with an avatar. */
export function CreateOrderForm() {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm<OrderInput, unknown, OrderData>({ resolver: zodResolver(orderInputSchema), defaultValues: EMPTY });

  const create = useMutation({
    mutationFn: (data: OrderData) => api.post<AdminOrderView>("/api/admin/ai-ready-orders", data),
    onSuccess: (order) => {
      toast({
        title: "AI Ready Order Created",
        description: `Setup instructions have been emailed to the customer (${order.customerEmail}).${order.aiAvatarUrl ? "" : " No avatar was added; you can add one under Manage Orders."}`,
      });
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    meta: SESSION_EXPIRED_META,
    onError: (error) => showAdminError(error, "Failed to create AI ready order"),
  });

  const onValid = (data: OrderData) => {
    if (!data.aiAvatarUrl) {
      toast({ title: "Avatar recommended", description: "An avatar helps the customer recognise their AI employee. Creating the order without one." });
    }
    create.mutate(data);
  };

  return (
    <SectionCard
      title="Create AI Ready Order"
      description="Prepare an AI employee for a customer. The customer is e-mailed setup instructions and sees it on their billing page once they sign in with this verified address. Fields marked * are required."
    >
      <form noValidate onSubmit={form.handleSubmit(onValid, invalidOrderToast)} className="space-y-6" aria-label="Create AI ready order">
        <OrderFields idPrefix="create" form={form} onUploadingChange={setUploading} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={create.isPending || uploading}>
            {create.isPending ? "Creating..." : uploading ? "Uploading avatar..." : "Create AI Ready Order"}
          </Button>
          <Button type="button" variant="outline" onClick={() => form.reset(EMPTY)} disabled={create.isPending}>
            Clear
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
