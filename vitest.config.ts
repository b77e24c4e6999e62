import { randomBytes } from "node:crypto";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests set their own signing secret: there is no built-in one.
const testSecret = process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url");
// Tests run on the server side: `import "server-only"` resolves to the package's
// empty module (its "react-server" export), as it does in Next.js server code.
const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  "@app": path.resolve(import.meta.dirname, "app"),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          env: { NODE_ENV: "test", AUTH_SECRET: testSecret },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          include: ["src/**/*.int.test.ts", "test/**/*.int.test.ts"],
          setupFiles: ["test/integration-setup.ts"],
          globalSetup: ["test/integration-global-setup.ts"],
          // Two files at once (2 cores): each file's PGlite lives in its worker's memory; on a PostgreSQL
          // server each worker has a database of its own (test/worker-databases.ts).
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: "test", AUTH_SECRET: testSecret },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A page on a shared 2-core machine may take more than the default second to settle.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
