/**
 * The sandbox's test cards and the checks its setup-intent confirmation runs
 * on a card, with the provider's messages: 4242 4242 4242 4242 succeeds,
 * 4000 0000 0000 0002 is declined.
 */

export const SANDBOX_SUCCESS_CARD = "4242424242424242";
export const SANDBOX_DECLINE_CARD = "4000000000000002";
export const DECLINED_MESSAGE = "Your card was declined.";

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

/** The brand the sandbox records for an accepted card number. */
export function cardBrand(number: string): string {
  return number.startsWith("5") ? "mastercard" : "visa";
}
