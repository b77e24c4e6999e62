// Written by scripts/make-icon-sprite.mjs: do not edit (ADR 0155).

/** The icon sprite's URL: its hash changes with its content, so it is cached for a year. */
export const ICON_SPRITE = "/icons.svg?v=6445818bae";

/** The icons the sprite holds (lucide-react's names; `StarFilled` is a filled star). */
export const ICON_NAMES = [
  "ArrowRight",
  "Bot",
  "CalendarCheck",
  "CalendarClock",
  "Check",
  "ChevronDown",
  "CircleCheck",
  "Clock",
  "CreditCard",
  "ExternalLink",
  "FileText",
  "Gauge",
  "House",
  "Landmark",
  "LoaderCircle",
  "Lock",
  "Mail",
  "Menu",
  "MessageCircle",
  "MessageSquare",
  "Phone",
  "PhoneCall",
  "PhoneForwarded",
  "Settings",
  "Share2",
  "ShieldCheck",
  "Sparkles",
  "Wrench",
  "X",
  "Zap",
  "StarFilled",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
