// `cms-toolkit deploy`: a site made by `init` (or any site with its wrangler.toml) from the local
// folder to a Cloudflare account in one command. Each step says what it did, and a failing step
// stops with wrangler's own error and what to do; every step can run again, so after a fix the same
// command picks up where it stopped (what exists is reused, applied migrations stay applied).
//
// The order: the D1, R2 and KV resources (found by name or created; their ids written into
// wrangler.toml), the remote migrations and their check against the declared collections (so a
// Worker whose tables the database lacks is never uploaded), `wrangler deploy`, the secrets the deployment lacks, the
// first admin. The secrets follow the upload because `wrangler secret list` answers only for a
// Worker that exists; on a first deploy sign-in answers 503 for those few seconds.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { checkMigrations } from "./check-migrations.mjs";
import { d1Target } from "./d1-target.mjs";
import { provisionResources, resourcePlan } from "./deploy-resources.mjs";
import { setMissingSecrets, siteSecrets } from "./deploy-secrets.mjs";
import { addFirstAdmin } from "./dev-site.mjs";
import { assertEditorInput } from "./editor-accounts.mjs";
import { runWrangler } from "./wrangler.mjs";
import { RESOURCE_TABLES, readBindings, setBindingValue } from "./wrangler-toml.mjs";

const OPTIONS = {
  config: { type: "string", short: "c", default: "wrangler.toml" },
  "dry-run": { type: "boolean", default: false },
  publisher: { type: "string" },
  database: { type: "string", default: "DB" },
  from: { type: "string" },
};

/** The module `init` declares the collections in, checked against the remote database when present. */
const DEFAULT_FROM = "src/collections.ts";

const SIGN_IN = "sign in to Cloudflare (npx wrangler login, or set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)";

/** Runs one step; a failure becomes an Error naming the step, wrangler's error and what to do. */
async function step(name, todo, work) {
  try {
    return await work();
  } catch (error) {
    throw new Error(`deploy stopped at "${name}":\n${error.message.trimEnd()}\nWhat to do: ${todo}`);
  }
}

/** The site as deploy sees it: its config, bindings, resource plans, migrations and secrets. */
function readSite(values, cwd) {
  const config = resolve(cwd, values.config);
  if (!existsSync(config)) throw new Error(`no ${values.config} here: run deploy in the site's folder, or name its config with -c`);
  if (!config.endsWith(".toml")) throw new Error(`deploy reads and writes a wrangler.toml; ${values.config} is not one`);
  const text = readFileSync(config, "utf8");
  const { name, tables, vars } = readBindings(text);
  if (!name) throw new Error(`${values.config} has no name = "…": name the Worker`);
  const plans = tables.map((table) => resourcePlan(table, name));
  const db = tables.find((table) => table.table === "d1_databases" && table.keys.binding === values.database);
  if (!db) throw new Error(`${values.config} binds no D1 database as ${values.database}: add its [[d1_databases]] table (binding = "${values.database}"), or name the binding with --database`);
  const migrationsDir = resolve(dirname(config), db.keys.migrations_dir ?? "migrations");
  const migrations = existsSync(migrationsDir) ? readdirSync(migrationsDir).filter((file) => file.endsWith(".sql")).sort() : [];
  if (migrations.length === 0) {
    throw new Error(`no migrations in ${relative(cwd, migrationsDir) || "."}/: the site's tables would not exist. Copy the toolkit's: npx cms-toolkit migrations ${relative(cwd, migrationsDir)}`);
  }
  const from = values.from ? resolve(cwd, values.from) : existsSync(resolve(dirname(config), DEFAULT_FROM)) ? resolve(dirname(config), DEFAULT_FROM) : null;
  return { cwd, config, text, name, plans, migrationsDir, migrations, from, secrets: siteSecrets(dirname(config), vars) };
}

/** Prints what a deploy would do, and bundles the Worker with `wrangler deploy --dry-run`. */
async function dryRun(site, values, wrangler, say) {
  say(`cms-toolkit deploy --dry-run: the Worker ${site.name} (${values.config}). Nothing is created, written or uploaded.`);
  say("1. resources (looked up in the account when deploying):");
  for (const plan of site.plans) {
    if (plan.action === "keep") say(`   ${plan.kind} ${plan.name} (${plan.binding}): keep id ${plan.id}`);
    else if (plan.table === "r2_buckets") say(`   ${plan.kind} ${plan.name} (${plan.binding}): reuse the bucket of that name, or create it`);
    else say(`   ${plan.kind} ${plan.name} (${plan.binding}): reuse the one of that name, or create it; write its ${RESOURCE_TABLES[plan.table].idKey} into ${values.config}`);
  }
  say(
    `2. migrations: apply those of the ${site.migrations.length} in ${relative(site.cwd, site.migrationsDir) || "."}/ not yet applied to the remote ${values.database} (${site.migrations.at(-1)} is the last)` +
      (site.from ? `, then check it against ${relative(site.cwd, site.from)}` : ""),
  );
  const outdir = mkdtempSync(join(tmpdir(), "cms-toolkit-deploy-"));
  try {
    await step("wrangler deploy --dry-run", "fix what wrangler names above, then try again", () => wrangler(["deploy", "--dry-run", "--outdir", outdir]));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
  say("3. upload: wrangler deploy (checked now with wrangler deploy --dry-run: the Worker bundles)");
  say(`4. secrets: generate ${site.secrets.generated.join(", ")} when the deployment lacks them${site.secrets.named.length > 0 ? `; report ${site.secrets.named.join(", ")} if absent (set those yourself)` : ""}`);
  say(values.publisher ? `5. first admin: add ${values.publisher} when the remote database has no editor (its password printed once)` : "5. first admin: none (no --publisher)");
}

/** Writes the ids of found or created resources into the config; returns the keys written. */
function writeIds(site, done) {
  let text = site.text;
  const written = [];
  // From the bottom up, so an added line never moves a table still to be written.
  for (const entry of [...done].sort((a, b) => b.line - a.line)) {
    const { idKey } = RESOURCE_TABLES[entry.table];
    if (!idKey || entry.outcome === "kept") continue;
    text = setBindingValue(text, entry.line, idKey, entry.id);
    written.unshift(`${idKey} of ${entry.binding}`);
  }
  if (written.length > 0) writeFileSync(site.config, text);
  return written;
}

/** The whole deploy, step by step. */
async function deploy(site, values, wrangler, say) {
  say(`cms-toolkit deploy: the Worker ${site.name} (${values.config})`);
  say("1. resources");
  const done = await step("resources", `${SIGN_IN}, and check the account may create D1, R2 and KV; then deploy again (what exists is reused)`, () =>
    provisionResources(site.plans, wrangler, (line) => say(`   ${line}`)),
  );
  const written = writeIds(site, done);
  say(written.length > 0 ? `2. ${values.config}: wrote ${written.join(", ")} (commit it)` : `2. ${values.config}: unchanged`);
  const target = d1Target({ remote: true, database: values.database, config: site.config });
  await step("migrations", "fix the migration wrangler names (it is not recorded as applied), then deploy again; those before it stay applied", () =>
    wrangler(["d1", "migrations", "apply", values.database, "--remote"]),
  );
  const folder = `${relative(site.cwd, site.migrationsDir) || "."}/`;
  if (site.from) {
    await step("migrations check", "generate and apply the migration named above, then deploy again: nothing was uploaded", () =>
      checkMigrations({ from: site.from, dir: site.migrationsDir, cwd: site.cwd, target }),
    );
    say(`3. migrations: ${folder} applied to the remote ${values.database}, which has every table, column and index ${relative(site.cwd, site.from)} declares`);
  } else {
    say(`3. migrations: ${folder} applied to the remote ${values.database} (not checked against the collections: --from names their module)`);
  }
  const uploaded = await step("upload", "fix what wrangler names, then deploy again: resources and migrations are in place", () => wrangler(["deploy"]));
  const urls = [...new Set(uploaded.match(/https?:\/\/[^\s)]+/g) ?? [])].filter((url) => !/developers\.cloudflare\.com/.test(url));
  say(`4. upload: deployed${urls.length > 0 ? ` at ${urls.join(", ")}` : ""}`);
  const secrets = await step("secrets", "set them yourself: npx wrangler secret put CMS_SESSION_SECRET (32 or more random characters)", () => setMissingSecrets(site.secrets, wrangler));
  const parts = [
    ...(secrets.set.length > 0 ? [`set ${secrets.set.join(", ")} (generated; kept only by Cloudflare)`] : []),
    ...(secrets.present.length > 0 ? [`${secrets.present.join(", ")} already set`] : []),
  ];
  say(`5. secrets: ${parts.join("; ")}`);
  for (const name of secrets.missing) say(`   ${name} is named in .dev.vars but not set on the deployment: npx wrangler secret put ${name}`);
  if (!values.publisher) {
    say("6. first admin: none asked (--publisher). Add one: npx cms-toolkit add-editor --email you@example.com --name \"You\" --role admin --remote");
    return;
  }
  const password = await step("first admin", `add one yourself: npx cms-toolkit add-editor --email ${values.publisher} --name Owner --role admin --remote`, () =>
    addFirstAdmin({ email: values.publisher, target, cwd: site.cwd }),
  );
  if (password === null) {
    say("6. first admin: the remote database already has editors; nothing added");
    return;
  }
  say(
    [
      "6. first admin (the password is shown this once):",
      `     email:     ${values.publisher}`,
      `     password:  ${password}`,
      `   Sign in at /login. A new password: npx cms-toolkit add-editor --email ${values.publisher} --name Owner --role admin --remote`,
    ].join("\n"),
  );
}

/**
 * Runs `cms-toolkit deploy [-c wrangler.toml] [--dry-run] [--publisher email] [--database DB]
 * [--from src/collections.ts]`.
 *
 * @example
 * await deploySite(["--publisher", "you@example.com"]);
 */
export async function deploySite(args, { cwd = process.cwd(), say = (line) => console.log(line) } = {}) {
  const { values } = parseArgs({ args, options: OPTIONS });
  if (values.publisher) assertEditorInput({ email: values.publisher, name: "Owner", role: "admin", password: "checked-later" });
  const site = readSite(values, cwd);
  const wrangler = (wranglerArgs, options = {}) => runWrangler([...wranglerArgs, "--config", site.config], { cwd, ...options });
  if (values["dry-run"]) await dryRun(site, values, wrangler, say);
  else await deploy(site, values, wrangler, say);
}
