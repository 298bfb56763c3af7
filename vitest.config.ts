import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./migrations");

export default defineConfig({
  // Vite's own warnings (such as the `stripe` dev dependency's source maps naming files it does not
  // ship) are not test results; errors still print.
  logLevel: "error",
  plugins: [
    cloudflareTest({
      main: "./src/worker.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // An empty D1 beside DB: test/sql-parts.test.ts builds the schema the tables render in it.
        d1Databases: ["SCHEMA_DB"],
        bindings: {
          TEST_MIGRATIONS: migrations,
          CMS_SESSION_SECRET: "test-session-secret-0123456789abcdef",
          CMS_FORM_TIMING_SECRET: "test-form-timing-secret-0123456789",
        },
      },
    }),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/e2e/**", "test/client/**", "node_modules/**"],
    setupFiles: ["./test/setup/apply-migrations.ts"],
    globalSetup: ["./test/setup/build-lib.mjs"],
  },
});
