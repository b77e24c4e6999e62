export * from "./auth";
export * from "./billing";
export * from "./orders";
export * from "./leads";
export * from "./notifications";
export * from "./usage";
export * from "./email";
export * from "./storage";
