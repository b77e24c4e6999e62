import next from "eslint-config-next";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...next,
  ...nextTs,
  { ignores: ["node_modules/**", ".next/**", ".next-*/**", "data/**", "src/db/migrations/**", "next-env.d.ts"] },
];
export default config;
