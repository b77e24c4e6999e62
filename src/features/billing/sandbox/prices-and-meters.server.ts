import "server-only";
import { ProviderError, type MeterEventName, type ProviderPrice } from "../provider/port";
import { cataloguePrices } from "../provider/prices";
import { requireCustomer } from "./customers-and-cards.server";
import type { MeterEventData } from "./sandbox-objects";
import { sandboxNow, sbxInsert } from "./store.server";

/**
 * Sandbox prices (the plan catalogue's, under sandbox ids) and meter events
 * (stored once per identifier, as the provider de-duplicates them).
 */

/** The sandbox price id of a catalogue lookup key. */
export function priceIdFor(lookupKey: string): string {
  return `price_sbx_${lookupKey}`;
}

export async function listPrices(): Promise<ProviderPrice[]> {
  return cataloguePrices().map((p) => ({
    id: priceIdFor(p.lookupKey),
    lookupKey: p.lookupKey,
    productName: p.productName,
    unitLabel: p.unitLabel,
    unitAmount: p.unitAmount,
    recurringInterval: p.interval,
    usageType: p.usageType,
    meterEventName: p.meterEventName,
  }));
}

export async function reportMeterEvent(input: { eventName: MeterEventName; customerId: string; value: number; identifier: string; timestamp: Date }): Promise<void> {
  await requireCustomer(input.customerId);
  if (!Number.isInteger(input.value) || input.value < 0) {
    throw new ProviderError("Meter event value must be a whole number.", "parameter_invalid_integer", false);
  }
  // As Stripe: the timestamp "must be within the past 35 calendar days or up to 5 minutes in the
  // future" (https://docs.stripe.com/api/billing/meter-event/create, `timestamp`), measured on the
  // sandbox clock; outside it the event is refused with a 400 (not retryable) and not stored.
  const now = await sandboxNow();
  const maxAgeMs = 35 * 86_400_000;
  const maxAheadMs = 5 * 60_000;
  if (input.timestamp.getTime() < now.getTime() - maxAgeMs) {
    throw new ProviderError(`The event timestamp cannot be more than 35 days in the past (expected ${new Date(now.getTime() - maxAgeMs).toISOString()} or later).`, "timestamp_out_of_range", false);
  }
  if (input.timestamp.getTime() > now.getTime() + maxAheadMs) {
    throw new ProviderError(
      `The event timestamp cannot be more than 5 minutes in the future (expected ${new Date(now.getTime() + maxAheadMs).toISOString()} or earlier).`,
      "timestamp_out_of_range",
      false,
    );
  }
  await sbxInsert<MeterEventData>("meter_event", {
    customerId: input.customerId,
    idempotencyKey: input.identifier,
    data: { eventName: input.eventName, value: input.value, identifier: input.identifier, timestamp: input.timestamp.toISOString() },
  });
}
