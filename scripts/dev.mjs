#!/usr/bin/env node
// `npm run dev`: prepares local D1/R2/KV state and serves the demo site on http://localhost:8787.
// Steps: .dev.vars from the example (random session secret) → D1 migrations → demo pages → two
// local accounts → wrangler dev. Every step is idempotent, so running it again is safe.
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { addEditors } from "./lib/editors.mjs";
import { readDevVars, wrangler } from "./wrangler-run.mjs";

const PORT = process.env.PORT ?? "8787";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  const text = readFileSync(".dev.vars", "utf8").replace(/=replace-me-with-32-or-more-random-characters$/gm, () => `=${randomBytes(32).toString("base64url")}`);
  writeFileSync(".dev.vars", text);
  console.log("Created .dev.vars from .dev.vars.example with fresh random secrets.");
}
const vars = readDevVars(".dev.vars");
const password = vars.CMS_DEV_PASSWORD;
if (!password) throw new Error("CMS_DEV_PASSWORD is missing from .dev.vars");

await wrangler(["d1", "migrations", "apply", "DB", "--local"]);
await wrangler(["d1", "execute", "DB", "--local", "--file", "scripts/seed-demo.sql"]);
await addEditors(
  [
    { email: "editor@example.test", name: "Eddie Editor", role: "editor", password },
    { email: "publisher@example.test", name: "Pat Publisher", role: "publisher", password },
  ],
  { quiet: true },
);

console.log(`
  Demo site:  http://localhost:${PORT}/
  Sign in:    http://localhost:${PORT}/login
              editor@example.test     (can edit)
              publisher@example.test  (can edit and publish)
              password: the CMS_DEV_PASSWORD value in .dev.vars ("${password}")
`);

await wrangler(["dev", "--port", PORT, "--ip", "127.0.0.1"], { inherit: true });
