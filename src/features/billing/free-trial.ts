/**
 * What /subscribe, /checkout and the plan chooser on /billing say, before
 * they ask for the card, once the customer's one free trial is used (ADR 0105).
 */
export const FREE_TRIAL_USED = "Your free trial has been used: this subscription starts today and is charged now.";
