import { Icon, type IconName } from "@/lib/ui/icon";
import type { FeatureIcon } from "./content";

const ICONS: Record<FeatureIcon, IconName> = {
  phone: "Phone",
  chat: "MessageSquare",
  sms: "MessageCircle",
  social: "Share2",
  transfer: "PhoneForwarded",
  transcript: "FileText",
  calendar: "CalendarCheck",
  shield: "ShieldCheck",
};

export function FeatureIconView({ icon, className }: { icon: FeatureIcon; className: string }) {
  return <Icon name={ICONS[icon]} className={className} />;
}
