import { CalendarCheck, FileText, MessageCircle, MessageSquare, Phone, PhoneForwarded, ShieldCheck, Share2 } from "lucide-react";
import type { FeatureIcon } from "./content";

const ICONS = {
  phone: Phone,
  chat: MessageSquare,
  sms: MessageCircle,
  social: Share2,
  transfer: PhoneForwarded,
  transcript: FileText,
  calendar: CalendarCheck,
  shield: ShieldCheck,
} as const;

export function FeatureIconView({ icon, className }: { icon: FeatureIcon; className?: string }) {
  const Icon = ICONS[icon];
  return <Icon className={className} aria-hidden />;
}
