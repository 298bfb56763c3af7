#!/usr/bin/env node
/*
 * The package as a consumer receives it: packs the built toolkit, then checks the tarball with
 * @arethetypeswrong/cli (ESM profile) and publint (strict), that it holds no tests, sources, bench
 * or demo site, that every subpath but "./workers" loads in plain Node (and "./workers" fails only
 * on the `cloudflare:` scheme), and that a strict NodeNext consumer (test/package/consumer, with
 * exactOptionalPropertyTypes and skipLibCheck off) type-checks against the shipped `.d.ts` with no
 * error in the toolkit's files or its own (errors inside other packages' `.d.ts`, such as
 * drizzle-orm's unused dialects, are theirs and are counted but not failed on). Then runs the
 * package command (`cms-toolkit migrations | client | add-editor`) in a site folder with its own
 * wrangler.toml and local D1. Also: README and docs/ link nowhere outside the repository.
 * Run after `npm run build`: node test/node/package-check.mjs   (exit code 0 = pass)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { installTarball, packToolkit, REPO_ROOT } from "../../scripts/lib/pack.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const consumer = join(here, "../package/consumer");
const bin = (pkg, path) => join(REPO_ROOT, "node_modules", pkg, path);
const results = [];

function check(name, run) {
  try {
    run();
    results.push({ name, ok: true });
  } catch (error) {
    results.push({ name, ok: false });
    console.error(`FAIL ${name}\n${error.stdout ?? ""}${error.stderr ?? ""}${error.stdout || error.stderr ? "" : error.message}`);
  }
}

const run = (file, args, options = {}) => execFileSync(process.execPath, [file, ...args], { encoding: "utf8", stdio: "pipe", ...options });

const { tarball, files } = packToolkit();
const installed = installTarball(tarball, consumer);
const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));

check("attw: every subpath resolves to ESM with types (node16, bundler)", () => {
  run(bin("@arethetypeswrong/cli", "dist/index.js"), [tarball, "--profile", "esm-only", "--quiet"]);
});

check("publint --strict on the packed files", () => {
  const out = run(bin("publint", "src/cli.js"), [installed, "--pack", "false", "--strict"]);
  if (!/All good/.test(out)) throw new Error(out);
});

check("the tarball holds only what a consumer needs", () => {
  const stray = files.filter((file) => /^(src|test|bench|examples|scripts)\/|\.tgz$|^wrangler\.toml$|^\.dev\.vars/.test(file));
  if (stray.length > 0) throw new Error(`unexpected files: ${stray.join(", ")}`);
  for (const needed of ["dist/lib/index.d.ts", "bin/cms-toolkit.mjs", "sql/core.sql", "dist/client/cms-client/louise.js", "LICENSE", "CHANGELOG.md", "README.md"]) {
    if (!files.includes(needed)) throw new Error(`missing ${needed}`);
  }
});

check("README and docs/ link only to files in the repository, and every link resolves", () => {
  const pages = ["README.md", ...readdirSync(join(REPO_ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
  const bad = [];
  for (const page of pages) {
    for (const [, target] of readFileSync(join(REPO_ROOT, page), "utf8").matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) bad.push(`${page}: leaves the repo: ${target}`);
      else if (!target.startsWith("#") && !existsSync(join(REPO_ROOT, dirname(page), target.split("#")[0]))) bad.push(`${page}: missing ${target}`);
    }
  }
  if (bad.length > 0) throw new Error(bad.join("\n"));
});

for (const subpath of Object.keys(pkg.exports).filter((key) => key !== "./package.json")) {
  const specifier = subpath === "." ? "cms-toolkit" : `cms-toolkit/${subpath.slice(2)}`;
  const probe = `import(${JSON.stringify(specifier)}).then((m) => console.log(Object.keys(m).length), (e) => { console.log("ERR " + (e.code ?? "") + " " + e.message); })`;
  const out = () => execFileSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: consumer, encoding: "utf8" }).trim();
  if (subpath === "./workers") {
    check(`${specifier} is Workers-only: Node refuses just its cloudflare: import`, () => {
      const text = out();
      if (!/^ERR ERR_UNSUPPORTED_ESM_URL_SCHEME .*'cloudflare:'/.test(text)) throw new Error(text);
    });
  } else {
    check(`${specifier} loads in Node ${process.versions.node}`, () => {
      const text = out();
      if (!/^\d+$/.test(text) || Number(text) === 0) throw new Error(text);
    });
  }
}

/** tsc's `file(line,col): error …` lines, split into the toolkit's or consumer's own and other packages'. */
function typeErrors(output) {
  const lines = output.split("\n").filter((line) => /^\S+\(\d+,\d+\): error /.test(line));
  const ours = lines.filter((line) => !line.includes("node_modules/") || line.includes("node_modules/cms-toolkit/"));
  return { ours, others: lines.length - ours.length };
}

for (const project of ["tsconfig.json", "tsconfig.client.json"]) {
  check(`strict NodeNext consumer type-checks with 0 toolkit errors (${project})`, () => {
    let output = "";
    try {
      run(bin("typescript", "bin/tsc"), ["-p", project, "--pretty", "false"], { cwd: consumer });
    } catch (error) {
      output = error.stdout;
    }
    const { ours } = typeErrors(output);
    if (ours.length > 0) throw new Error(`${relative(REPO_ROOT, consumer)}/${project}:\n${ours.join("\n")}`);
  });
}

/*
 * The package command against a site of its own: a wrangler.toml in a fresh folder under the
 * consumer (so wrangler resolves from the tree, as in a real site), local D1 state in it.
 */
const site = join(consumer, ".site");
const cli = (args) => run(join(installed, "bin/cms-toolkit.mjs"), args, { cwd: site });
const wranglerBin = bin("wrangler", "bin/wrangler.js");
const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
writeFileSync(join(site, "wrangler.toml"), [
  'name = "consumer-check"', 'compatibility_date = "2026-04-01"', "[[d1_databases]]", 'binding = "DB"',
  'database_name = "consumer-check"', 'database_id = "00000000-0000-4000-8000-00000000c0de"', 'migrations_dir = "migrations"', "",
].join("\n"));

check("npx cms-toolkit migrations: numbered parts, core first, a second run adds nothing, search refused without pages", () => {
  let refused = "";
  try {
    cli(["migrations", "migrations", "--parts", "core,search"]);
  } catch (error) {
    refused = error.stderr;
  }
  if (!/search part indexes the pages part/.test(refused)) throw new Error(`search without pages was not refused: ${refused}`);
  const first = cli(["migrations", "migrations", "--parts", "core,media"]);
  const again = cli(["migrations", "migrations", "--parts", "core,media"]);
  const rest = cli(["migrations", "migrations"]);
  const names = readdirSync(join(site, "migrations")).sort();
  const expected = ["0001_cms_core.sql", "0002_cms_media.sql", "0003_cms_pages.sql", "0004_cms_search.sql", "0005_cms_settings.sql", "0006_cms_forms.sql", "0007_cms_share-links.sql", "0008_cms_comments.sql"];
  if (JSON.stringify(names) !== JSON.stringify(expected)) throw new Error(`${first}${again}${rest}\n${names.join(", ")}`);
  if (!/nothing to add/.test(again)) throw new Error(again);
});

check("npx cms-toolkit migrations generate: a site's own collections module becomes its next migration", () => {
  writeFileSync(join(site, "collections.ts"), [
    'import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";',
    'import { cmsCollection, versionsTable } from "cms-toolkit";',
    'const events = sqliteTable("events", { id: integer("id").primaryKey({ autoIncrement: true }), title: text("title").notNull(), publishedVersionId: integer("published_version_id") });',
    'export const collections = { events: cmsCollection(events, { versionsTable: versionsTable("events"), fields: { title: { type: "text" } }, drafts: true, search: ["title"] }) };',
    "",
  ].join("\n"));
  const out = cli(["migrations", "generate", "--from", "collections.ts"]);
  const sql = readFileSync(join(site, "migrations/0009_events.sql"), "utf8");
  for (const table of ["events", "events_versions", "events_search"]) {
    if (!sql.includes(`"${table}"`)) throw new Error(`${out}\n${sql}`);
  }
  if (!/nothing to generate/.test(cli(["migrations", "generate", "--from", "collections.ts"]))) throw new Error("a second run generated again");
});

check("npx cms-toolkit client: the built client lands in the site's assets", () => {
  cli(["client", "public"]);
  if (!existsSync(join(site, "public/cms-client/louise.js"))) throw new Error("public/cms-client/louise.js missing");
});

check("npx cms-toolkit add-editor: writes to the site's own local D1, with a hash cms-toolkit/auth verifies, and a reset ends old sessions", () => {
  const wrangler = (args) => execFileSync(process.execPath, [wranglerBin, ...args], { cwd: site, env: quietEnv, encoding: "utf8", stdio: "pipe" });
  // Applies the toolkit's parts and the generated 0009_events.sql.
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", "state"]);
  cli(["add-editor", "--email", "ann@example.test", "--name", "Ann O'Neil 🌷", "--role", "publisher", "--password", "correct horse 🐎", "--local", "--persist-to", "state"]);
  const rows = JSON.parse(wrangler(["d1", "execute", "DB", "--local", "--persist-to", "state", "--json", "--command", "SELECT email, name, role, password_hash AS hash FROM editors"]))[0].results;
  if (rows.length !== 1 || rows[0].name !== "Ann O'Neil 🌷" || rows[0].role !== "publisher") throw new Error(JSON.stringify(rows));
  const probe = `import("cms-toolkit/auth").then(async (a) => console.log(await a.verifyPassword(${JSON.stringify("correct horse 🐎")}, ${JSON.stringify(rows[0].hash)})))`;
  const verified = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: consumer, encoding: "utf8" }).trim();
  if (verified !== "true") throw new Error(`verifyPassword said ${verified}`);
  // Adding the editor again (a new password) ends the sessions they had.
  wrangler(["d1", "execute", "DB", "--local", "--persist-to", "state", "--command", "INSERT INTO editor_sessions (id, editor_id, expires_at) SELECT 'old-session', id, 4102444800 FROM editors WHERE email = 'ann@example.test'"]);
  cli(["add-editor", "--email", "ann@example.test", "--name", "Ann", "--role", "editor", "--password", "a new long password", "--local", "--persist-to", "state"]);
  const sessions = JSON.parse(wrangler(["d1", "execute", "DB", "--local", "--persist-to", "state", "--json", "--command", "SELECT COUNT(*) AS n FROM editor_sessions"]))[0].results[0].n;
  if (sessions !== 0) throw new Error(`${sessions} session(s) survived a password reset`);
});

const failed = results.filter((result) => !result.ok).length;
console.log(`package check: ${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
