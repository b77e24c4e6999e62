import { index, pgTable, text } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";

export const demoLeads = pgTable(
  "demo_leads",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    website: text("website").notNull(),
    aiEmployeeName: text("ai_employee_name"),
    aiEmployeeId: text("ai_employee_id"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("demo_leads_created_idx").on(t.createdAt), index("demo_leads_ip_created_idx").on(t.ipAddress, t.createdAt)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    website: text("website"),
    inquirySubject: text("inquiry_subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt), index("contact_messages_ip_created_idx").on(t.ipAddress, t.createdAt)],
);
