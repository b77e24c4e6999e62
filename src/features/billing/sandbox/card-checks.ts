/**
 * The sandbox's test cards and the checks its setup-intent confirmation runs
 * on a card, with the provider's messages (Stripe's test cards,
 * docs.stripe.com/testing): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
 * is declined when it is saved, and 4000 0000 0000 0341 is saved but every
 * charge on it is declined ("attaching this card to a Customer object
 * succeeds, but attempts to charge the customer fail").
 */

export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINE_CARD = "4000000000000002";
export const SANDBOX_CHARGE_FAILS_CARD = "4000000000000341";
export const DECLINED_MESSAGE = "Your card was declined.";

/** The test cards the sandbox card form lists, with what each does. */
export const SANDBOX_TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
  { number: "4000 0000 0000 0341", outcome: "is saved, but its charges are declined" },
] as const;

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string; name: string };

/** The card number's digits only. */
export function cardDigits(card: Pick<CardInput, "number">): string {
  return card.number.replace(/\D/g, "");
}

/** Why the card is refused (a message for the customer), or null when it is accepted; expiry is judged at `now`. */
export function cardProblem(card: CardInput, now: Date): string | null {
  const number = cardDigits(card);
  const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (number === SANDBOX_DECLINE_CARD) return DECLINED_MESSAGE;
  if (card.expMonth < 1 || card.expMonth > 12 || expired) return "Your card's expiration date is incomplete or in the past.";
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  if (number !== SANDBOX_SUCCESS_CARD && !/^4\d{15}$|^5[1-5]\d{14}$/.test(number)) return "Your card number is invalid.";
  return null;
}

/** True for an accepted card whose charges are declined (4000 0000 0000 0341): saved as a payment method that declines. */
export function chargesDecline(number: string): boolean {
  return number === SANDBOX_CHARGE_FAILS_CARD;
}

/** The brand the sandbox records for an accepted card number. */
export function cardBrand(number: string): string {
  return number.startsWith("5") ? "mastercard" : "visa";
}
