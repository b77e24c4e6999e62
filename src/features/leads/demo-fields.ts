/** The four fields a prospect fills in on the demo form, in form order. */
export const DEMO_FIELDS = ["name", "email", "phone", "website"] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];
export type DemoFieldErrors = Partial<Record<DemoField, string>>;
