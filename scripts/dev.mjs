#!/usr/bin/env node
// `npm run dev`: prepares local D1/R2/KV state and serves the demo site on http://localhost:8787.
// Steps: .dev.vars from the example (random session secret) → D1 migrations → demo pages → three
// local accounts (rewritten only when CMS_DEV_PASSWORD changed, so editors stay signed in) →
// wrangler dev. Every step is idempotent, so running it again is safe.
// The port comes from `--port N` (or `--port=N`), else PORT, else 8787; MEDIA_URL follows it.
// Every other argument goes to `wrangler dev` as given: `npm run dev -- --port 8822 --inspector-port 9230`.
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { splitPort } from "./lib/dev-args.mjs";
import { ensureEditors } from "./lib/editors.mjs";
import { readDevVars, spawnWrangler, waitForHttp, wrangler } from "./wrangler-run.mjs";

const { port: PORT, rest: WRANGLER_ARGS } = splitPort(process.argv.slice(2), process.env.PORT ?? "8787");

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
await wrangler(["d1", "execute", "DB", "--local", "--file", "scripts/seed-demo-de.sql"]);
// Only an account whose password (or name or role) changed is rewritten: rewriting signs it out.
await ensureEditors([
  { email: "editor@example.test", name: "Eddie Editor", role: "editor", password },
  { email: "publisher@example.test", name: "Pat Publisher", role: "publisher", password },
  { email: "admin@example.test", name: "Ada Admin", role: "admin", password },
]);

// wrangler.toml's MEDIA_URL names port 8787; uploaded images must point at the port actually served.
const server = spawnWrangler(["dev", "--port", PORT, "--ip", "127.0.0.1", "--var", `MEDIA_URL:http://localhost:${PORT}/media`, ...WRANGLER_ARGS]);
server.on("exit", (code) => process.exit(code ?? 0));
const base = `http://localhost:${PORT}`;
await waitForHttp(`${base}/login`);
await prepareDemo(base, password);

console.log(`
  Demo site:  ${base}/
  Sign in:    ${base}/login
              editor@example.test     (can edit)
              publisher@example.test  (can edit and publish)
              admin@example.test      (can edit, publish and manage people: Team)
              password: the CMS_DEV_PASSWORD value in .dev.vars ("${password}")
`);

/*
 * Through the API once the site is up: the seed publishes pages with plain SQL, so the full-text
 * index is built here, and the settings singleton is seeded (idempotent).
 */
async function prepareDemo(baseUrl, devPassword) {
  const signIn = await fetch(`${baseUrl}/api/cms/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: "publisher@example.test", password: devPassword }),
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (signIn.status !== 204 || !cookie) return console.warn(`Could not sign in to prepare the demo (${signIn.status}).`);
  const reindex = await fetch(`${baseUrl}/api/cms/pages/reindex`, { method: "POST", headers: { cookie, origin: baseUrl } });
  if (!reindex.ok) console.warn(`Building the search index failed (${reindex.status}).`);
  const seed = await fetch(`${baseUrl}/api/cms/seed`, { method: "POST", headers: { cookie, origin: baseUrl } });
  if (!seed.ok) console.warn(`Seeding the site settings failed (${seed.status}).`);
}

