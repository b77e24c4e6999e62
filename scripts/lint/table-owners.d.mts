import type { ESLint } from "eslint";

export const tableOwnersPlugin: ESLint.Plugin;
export function schemaTables(schemaDir: string): Record<string, string>;
export function tableOwners(input: {
  tables: Record<string, string>;
  fileOwners: Record<string, string>;
  overrides: Record<string, string>;
  readers: Record<string, string[]>;
  features: string[];
}): Record<string, string>;
