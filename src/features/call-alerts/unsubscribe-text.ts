/** What the unsubscribe page and the one-click POST answer once it is done (issue 25). */
export const UNSUBSCRIBED = "You are unsubscribed.";

/** A token that is not ours (altered, cut short). */
export const UNSUBSCRIBE_LINK_INVALID = "This unsubscribe link is not valid.";
