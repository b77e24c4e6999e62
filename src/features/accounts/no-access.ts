/** The answer to a signed-in user with no business account to act in (removed from it, or never invited). */
export const NO_ACCOUNT_MESSAGE = "You do not have access to this business account. Ask one of its owners to invite you.";
