import type { ESLint, Rule } from "eslint";

export const noBareSqlCondition: Rule.RuleModule;
export const sqlConditionsPlugin: ESLint.Plugin;
