#!/usr/bin/env node
// `npx cms-toolkit <command>`: sets up a site that uses the toolkit. Every command acts on the
// working directory's project (its wrangler.toml, its D1), never on the package's own files.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { addEditorsArgs, EDITOR_ROLES } from "./lib/editor-accounts.mjs";
import { copyClient, copyMigrations, SQL_PARTS } from "./lib/copy-parts.mjs";
import { D1_TARGET_OPTIONS, d1Target } from "./lib/d1-target.mjs";
import { runEditorSql } from "./lib/editor-tables.mjs";
import { promptHidden } from "./lib/prompt.mjs";
import { runWrangler } from "./lib/wrangler.mjs";

const USAGE = `Usage: npx cms-toolkit <command>

  init <dir> [--email you@example.com] [--toolkit <version or tarball>]
      Write a new site into <dir> (new or empty): a Worker with one collection, a page view and a
      sign-in page, its migrations, wrangler.toml with every binding, .dev.vars with a fresh secret.
      Then: cd <dir> && npm install && npm run dev
  dev [--from src/collections.ts] [--dir migrations] [--publisher email] [--database DB]
      [--persist-to DIR] [-c wrangler.toml] [wrangler dev arguments…]
      Apply the migrations to the local D1, check them against the declared collections, add a
      first admin (--publisher; only when there is no editor: its password is printed once),
      then run wrangler dev.
  migrations <dir> [--parts ${SQL_PARTS.join(",")}]
      Copy the toolkit's D1 tables into <dir> as numbered migrations (core is required; a part
      already there is skipped). Then: npx wrangler d1 migrations apply DB --local
  migrations generate --from <module> [--dir migrations]
      Write the next numbered migration of --dir that makes the tables of the collections <module>
      declares (exports \`collections\`, or each cmsCollection; .ts is bundled with wrangler's esbuild):
      new tables, versions and search tables, added columns. A removed or retyped column is refused.
  migrations check --from <module> [--dir migrations] [--local | --remote] [-c wrangler.toml]
                   [--database DB] [--persist-to DIR]
      Fail (exit 1) when the site's D1 lacks a table, column or index the module declares, or has one
      it no longer declares, naming it and the fix (apply the migrations, or generate the missing one).
  client <assets-dir>
      Copy the built editing client to <assets-dir>/cms-client/ (served at /cms-client/louise.js).
  add-editor --email a@b.c --name "A B" --role ${EDITOR_ROLES.join("|")} [--password …]
             [--local | --remote] [-c wrangler.toml] [--database DB] [--persist-to DIR]
      Add or update an editor in the site's D1 (binding DB unless --database). Password: --password,
      else env CMS_EDITOR_PASSWORD, else a hidden prompt.
  deploy [-c wrangler.toml] [--dry-run] [--publisher email] [--database DB] [--from src/collections.ts]
      Deploy the site to your Cloudflare account: find or create its D1 database, R2 bucket and KV
      namespace and write their ids into wrangler.toml, apply the remote migrations and check them
      against --from (src/collections.ts when there is one), upload the Worker, set
      CMS_SESSION_SECRET when absent (generated, never shown), then add the first admin
      (--publisher; only when there is no editor: its password is printed once).
      --dry-run prints the plan and bundles the Worker, creating and uploading nothing.
  export <file> [--with-credentials] [--persist-to DIR] [-c wrangler.toml] [--database DB] [--bucket NAME]
      Write the whole site (every table's rows, media bytes, a manifest with a SHA-256 per entry) into
      one archive (docs/export-format.md). Local state; stop the site first so rooms have flushed.
      Password hashes only with --with-credentials; sessions and share-link tokens never.
  export <file> --remote --url https://site.example [--cookie SESSION]
      Download the deployed site's own export (GET /api/cms/export) as an admin (their session
      cookie, --cookie or env CMS_SESSION) and keep it once every entry verified.
  import <file> [--replace] [--from src/collections.ts] [--persist-to DIR | --remote] [-c wrangler.toml]
         [--database DB] [--bucket NAME]
      Check the whole archive, then restore it into a local D1 (--remote: the deployment's, through
      wrangler --remote) with today's migrations applied and no content (--replace deletes what is there first): ids kept, media restored, the search index
      rebuilt from the collections --from declares.`;

async function addEditor(args) {
  const { values } = parseArgs({
    args,
    options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" }, password: { type: "string" }, ...D1_TARGET_OPTIONS },
  });
  if (!values.email || !values.name || !values.role) throw new Error(`--email, --name and --role are required\n\n${USAGE}`);
  if (values.local && values.remote) throw new Error("choose one of --local and --remote");
  const password = values.password ?? process.env.CMS_EDITOR_PASSWORD ?? (await promptPassword());
  // The package's own build of the Worker's hashing, so the site verifies what is stored here.
  const { hashPassword } = await import("../dist/lib/auth/password.js");
  const wranglerArgs = await addEditorsArgs([{ email: values.email, name: values.name, role: values.role, password }], {
    hash: hashPassword,
    remote: values.remote,
    database: values.database,
    ...(values.config ? { config: resolve(values.config) } : {}),
    ...(values["persist-to"] ? { persistTo: resolve(values["persist-to"]) } : {}),
  });
  await runEditorSql((args) => runWrangler(args, { cwd: process.cwd() }), wranglerArgs);
  console.log(`editor ${values.email} (${values.role}) saved to the ${values.remote ? "remote" : "local"} database`);
}

async function generate(args) {
  const { values } = parseArgs({ args, options: { from: { type: "string" }, dir: { type: "string", default: "migrations" } } });
  if (!values.from) throw new Error(`migrations generate needs --from <module>\n\n${USAGE}`);
  // Loaded on demand: only this command needs drizzle-orm and the site's declarations.
  const { generateMigration } = await import("./lib/generate-migration.mjs");
  const file = await generateMigration({ from: resolve(values.from), dir: resolve(values.dir), cwd: process.cwd() });
  console.log(file === null ? "nothing to generate: the migrations already make the declared tables" : `wrote ${file}\nThen: npx wrangler d1 migrations apply DB --local`);
}

async function check(args) {
  const { values } = parseArgs({ args, options: { from: { type: "string" }, dir: { type: "string", default: "migrations" }, ...D1_TARGET_OPTIONS } });
  if (!values.from) throw new Error(`migrations check needs --from <module>\n\n${USAGE}`);
  const { checkMigrations } = await import("./lib/check-migrations.mjs");
  const target = d1Target(values);
  await checkMigrations({ from: resolve(values.from), dir: resolve(values.dir), cwd: process.cwd(), target });
  console.log(`the ${target.remote ? "remote" : "local"} database ${target.database} has every declared table, column and index`);
}

async function init(args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { email: { type: "string" }, toolkit: { type: "string" } } });
  if (positionals.length !== 1) throw new Error(`init takes one folder: npx cms-toolkit init my-site\n\n${USAGE}`);
  const { initSite } = await import("./lib/init-site.mjs");
  const site = initSite(positionals[0], { ...(values.email ? { publisher: values.email } : {}), ...(values.toolkit ? { toolkit: values.toolkit } : {}) });
  console.log(`wrote the site ${site.name} into ${site.relative}/. Next:\n  cd ${site.relative}\n  npm install\n  npm run dev`);
}

async function promptPassword() {
  if (!process.stdin.isTTY) throw new Error("no password: pass --password, set CMS_EDITOR_PASSWORD, or run in a terminal to be prompted");
  const first = await promptHidden("Password: ");
  if (first !== (await promptHidden("Repeat password: "))) throw new Error("the passwords do not match");
  return first;
}

async function main([command, ...args]) {
  if (command === "migrations" && args[0] === "generate") {
    await generate(args.slice(1));
  } else if (command === "migrations" && args[0] === "check") {
    await check(args.slice(1));
  } else if (command === "init") {
    await init(args);
  } else if (command === "dev") {
    const { devSite } = await import("./lib/dev-site.mjs");
    process.exitCode = await devSite(args);
  } else if (command === "migrations") {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { parts: { type: "string" } } });
    if (positionals.length !== 1) throw new Error(`migrations takes one directory\n\n${USAGE}`);
    const parts = values.parts ? values.parts.split(",").map((part) => part.trim()) : SQL_PARTS;
    const written = copyMigrations(resolve(positionals[0]), { parts });
    console.log(written.length === 0 ? "nothing to add: every part is already there" : written.map((file) => `wrote ${file}`).join("\n"));
  } else if (command === "client") {
    if (args.length !== 1) throw new Error(`client takes one directory\n\n${USAGE}`);
    console.log(`wrote ${copyClient(resolve(args[0]))}/`);
  } else if (command === "add-editor") {
    await addEditor(args);
  } else if (command === "deploy") {
    await (await import("./lib/deploy.mjs")).deploySite(args);
  } else if (command === "export" || command === "import") {
    const { exportCommand, importCommand } = await import("./lib/archive-commands.mjs");
    console.log(await (command === "export" ? exportCommand : importCommand)(args));
  } else {
    console.log(USAGE);
    if (command !== undefined && command !== "help" && command !== "--help") process.exitCode = 1;
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(`cms-toolkit: ${error.message}`);
  process.exitCode = 1;
});
