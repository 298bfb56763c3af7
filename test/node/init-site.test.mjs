// `cms-toolkit init`: the files it writes from templates/site (the toolkit's own tables numbered
// first, the name filled in, .gitignore under its real name, a fresh secret each time, versions
// from this package's package.json, .dev.vars for its owner only, through a link to a folder), and
// its refusals: a folder that holds anything, a bad email or one a shell would run, a dangling link.
// Needs no build and no wrangler. Run: node --test test/node/init-site.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, it } from "node:test";
import { initSite, siteName } from "../../bin/lib/init-site.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "cms-init-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const own = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const read = (...path) => readFileSync(join(scratch, ...path), "utf8");

it("writes the site: files, migrations in order, the Worker's name, package versions, a fresh secret", () => {
  const site = initSite(join(scratch, "My Site"));
  assert.equal(site.name, "my-site");
  assert.deepEqual(readdirSync(site.dir).sort(), [".dev.vars", ".gitignore", "README.md", "migrations", "package.json", "src", "tsconfig.json", "wrangler.toml"]);
  assert.deepEqual(readdirSync(join(site.dir, "migrations")), ["0001_cms_core.sql", "0002_cms_media.sql", "0003_pages.sql", "0004_first_page.sql", "0005_pages_products.sql"]);
  assert.equal(read("My Site", "migrations/0001_cms_core.sql"), readFileSync(join(ROOT, "sql/core.sql"), "utf8"));
  const toml = read("My Site", "wrangler.toml");
  assert.match(toml, /^name = "my-site"$/m);
  assert.doesNotMatch(toml + read("My Site", "README.md"), /__SITE_NAME__/);
  for (const binding of ['binding = "DB"', 'binding = "MEDIA"', "MEDIA_URL = ", 'name = "PAGE_ROOM"', 'name = "RATE_LIMIT"']) assert.ok(toml.includes(binding), binding);

  const pkg = JSON.parse(read("My Site", "package.json"));
  assert.equal(pkg.dependencies["cms-toolkit"], `^${own.version}`);
  assert.equal(pkg.dependencies["drizzle-orm"], own.peerDependencies["drizzle-orm"]);
  assert.equal(pkg.devDependencies.wrangler, own.devDependencies.wrangler);
  assert.match(pkg.scripts.dev, /cms-toolkit dev --from src\/collections\.ts --publisher publisher@example\.test$/);

  const secret = /^CMS_SESSION_SECRET=(\S{43})$/m.exec(read("My Site", ".dev.vars"))?.[1];
  assert.ok(secret);
  initSite(join(scratch, "other"), { toolkit: "file:../cms-toolkit.tgz", publisher: "me@example.com" });
  assert.notEqual(/^CMS_SESSION_SECRET=(\S+)$/m.exec(read("other", ".dev.vars"))?.[1], secret);
  const other = JSON.parse(read("other", "package.json"));
  assert.equal(other.dependencies["cms-toolkit"], "file:../cms-toolkit.tgz");
  assert.match(other.scripts.dev, /--publisher me@example\.com$/);
});

it("refuses a folder that holds anything, and writes nothing there", () => {
  const dir = join(scratch, "taken");
  mkdirSync(dir);
  writeFileSync(join(dir, "notes.txt"), "mine");
  const run = spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), "init", "taken"], { cwd: scratch, encoding: "utf8" });
  assert.equal(run.status, 1);
  assert.equal(run.stderr, "cms-toolkit: taken is not an empty folder: init writes a new site, so give it a new or empty folder\n");
  assert.deepEqual(readdirSync(dir), ["notes.txt"]);
  assert.throws(() => initSite(join(scratch, "notes-file", "..", "taken", "notes.txt")), /is not an empty folder/);
});

it("refuses a bad publisher email and a folder name with nothing to name a Worker by", () => {
  assert.throws(() => initSite(join(scratch, "bad-email"), { publisher: "not an email" }), /--email must be an email address/);
  assert.deepEqual(readdirSync(scratch).includes("bad-email"), false);
  assert.equal(siteName("Über Site 2!"), "ber-site-2");
  assert.throws(() => siteName("!!!"), /cannot make a Worker name/);
});

it("refuses an email a shell would read as a command, before writing anything", () => {
  for (const publisher of ["x@y;touch${IFS}PWNED", "a@b.c && rm -rf ~", "$(id)@x.test", "a@b`id`.c", "a b@c.d"]) {
    assert.throws(() => initSite(join(scratch, "shell-email"), { publisher }), /--email must be an email address/);
  }
  assert.equal(readdirSync(scratch).includes("shell-email"), false);
  const site = initSite(join(scratch, "plus-email"), { publisher: "first.last+cms@example.co.uk" });
  assert.match(JSON.parse(read("plus-email", "package.json")).scripts.dev, /--publisher first\.last\+cms@example\.co\.uk$/);
  assert.equal(site.name, "plus-email");
});

it("writes .dev.vars, which holds the session secret, readable by its owner only", () => {
  initSite(join(scratch, "private"));
  assert.equal(statSync(join(scratch, "private", ".dev.vars")).mode & 0o777, 0o600);
});

it("writes the whole site through a link to an empty folder, and refuses a link to nothing", () => {
  mkdirSync(join(scratch, "real-folder"));
  symlinkSync("real-folder", join(scratch, "linked"));
  const site = initSite(join(scratch, "linked"));
  assert.deepEqual(readdirSync(join(scratch, "real-folder")).sort(), [".dev.vars", ".gitignore", "README.md", "migrations", "package.json", "src", "tsconfig.json", "wrangler.toml"]);
  assert.equal(site.dir, join(scratch, "real-folder"));
  symlinkSync("nowhere", join(scratch, "dangling"));
  assert.throws(() => initSite(join(scratch, "dangling")), /is a link to nothing/);
});

