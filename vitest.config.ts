import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations("./migrations");
/*
 * Route and auth files that open no room, build no CMS of their own and count or list only rows
 * they wrote themselves: they share one runtime and its storage (one file at a time), since starting
 * workerd and importing the worker per file (4-5 s) cost far more than their tests.
 */
const SHARED = [
  "test/auth/editor-names.test.ts",
  "test/auth/last-active.test.ts",
  "test/auth/password-policy.test.ts",
  "test/auth/password.test.ts",
  "test/auth/second-factor.test.ts",
  "test/auth/session-cookie.test.ts",
  "test/auth/session-standings.test.ts",
  "test/auth/team-links.test.ts",
  "test/auth/team-route.test.ts",
  "test/auth/totp-seal.test.ts",
  "test/objects/room-document.test.ts",
  "test/routes/body.test.ts",
  "test/routes/client-address.test.ts",
  "test/routes/form-route.test.ts",
  "test/routes/guard.test.ts",
  "test/routes/inquiries-route.test.ts",
  "test/routes/match-path.test.ts",
  "test/routes/submissions-route.test.ts",
  "test/routes/versions-route.test.ts",
];
const UNITS = ["test/cores/**/*.test.ts", "test/shared/**/*.test.ts", "test/commerce/**/*.test.ts", "test/client-unit/**/*.test.ts"];

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
    setupFiles: ["./test/setup/apply-migrations.ts", "./test/setup/quiet-logs.ts"],
    globalSetup: ["./test/setup/build-lib.mjs"],
    // A hung test still fails; vitest's 5 s failed room and rate-limit tests on a busy machine
    // (two cores shared with other work), where they passed alone.
    testTimeout: 20_000,
    // At least two runtimes at once: much of a file's time is its tests waiting on room timers, so
    // on two cores a second runtime took the suite from about 12 to 8.5 minutes, where vitest's
    // default (cores - 1) runs one. Three on two cores starved the six-editor burst test.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Units of the cores, shared code, commerce clients and client code keep no state between
      // files, so they share one runtime: starting workerd per file cost more than their tests.
      { extends: true, test: { name: "units", include: UNITS, isolate: false } },
      { extends: true, test: { name: "shared", include: SHARED, isolate: false } },
      // The rest runs each file in its own runtime, with storage of its own: rooms (one configured
      // room class per runtime), CMS configurations, seeded sites and whole-table counts.
      { extends: true, test: { name: "integration", include: ["test/**/*.test.ts"], exclude: [...UNITS, ...SHARED, "test/e2e/**", "test/client/**", "node_modules/**"] } },
    ],
  },
});
