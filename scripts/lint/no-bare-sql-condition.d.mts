import type { ESLint } from "eslint";

export const sqlConditionsPlugin: ESLint.Plugin;
