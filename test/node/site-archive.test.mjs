// `cms-toolkit export` and `import` on the reference site's local state (wrangler's D1 and R2 under
// --persist-to): a site filled with content of every kind exports, imports into a fresh state and
// exports again byte for byte and serves the same pages (wrangler dev on ARCHIVE_PORT, default
// 8789); the archive carries no session, form token or (unless asked) password
// hash; a truncated, tampered or newer archive, and a non-empty target, are refused with nothing
// written. Runs the package's CLI (dist/ built by `npm run build`) and wrangler's local runtime.
// Run: node --test test/node/site-archive.test.mjs
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, it } from "node:test";
import { PACKAGE_VERSION } from "../../dist/lib/shared/package-version.js";
import { addEditors } from "../../scripts/lib/editors.mjs";
import { migratedState } from "../e2e/migrated-state.mjs";
import { startSite } from "../e2e/server.mjs";

const ROOT = resolve(import.meta.dirname, "../..");
/** The reference site's newest migration: the archive names it as the last one applied. */
const NEWEST_MIGRATION = readdirSync(join(ROOT, "migrations")).filter((name) => name.endsWith(".sql")).sort().at(-1);
const scratch = mkdtempSync(join(tmpdir(), "cms-site-archive-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
const BUCKET = "cms-toolkit-media";
const MEDIA_KEY = "uploads/0b7f3c2e-5a4d-4e8f-9a1b-2c3d4e5f6a7b.png";

const cli = (...args) => spawnSync(process.execPath, [join(ROOT, "bin/cms-toolkit.mjs"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
const wrangler = (...args) => {
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/wrangler/bin/wrangler.js"), ...args], { cwd: ROOT, encoding: "utf8", env: ENV });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return run.stdout;
};
const state = (name) => join(scratch, name);
const succeeds = (run) => assert.equal(run.status, 0, run.stdout + run.stderr);

/** A fresh local state with the reference site's migrations applied and nothing else (a copy of one made once). */
const freshState = (name) => migratedState(state(name));

/** Where two long texts first differ, with a little of each around it. */
function firstDifference(a, b) {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at}: ${JSON.stringify(a.slice(Math.max(0, at - 60), at + 60))} ≠ ${JSON.stringify(b.slice(Math.max(0, at - 60), at + 60))}`;
}

/** An archive's SHA-256, so a difference is reported without printing megabytes. */
const digest = (file) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Rows of one query on a state's D1. */
function query(dir, sql) {
  const output = wrangler("d1", "execute", "DB", "--local", "--persist-to", dir, "--json", "--command", sql);
  return JSON.parse(output.slice(output.indexOf("["))).flatMap((result) => result.results);
}

/** The number of rows in every content table of a state (0 everywhere for a fresh one). */
function contentRows(dir) {
  const tables = ["pages", "pages_versions", "courses", "courses_versions", "editors", "media", "site_settings", "inquiries", "submissions", "share_links", "page_redirects", "pages_search", "review_comments"];
  const [row] = query(dir, `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(", ")}`);
  return Object.values(row).reduce((sum, count) => sum + count, 0);
}

/** 150 KB of bytes that are not text, so the object spans several archive lines. */
const PICTURE = Buffer.from(Array.from({ length: 150_000 }, (_, i) => (i * 7919) % 256));

let source;
let archive;
let imported;

before(() => {
  source = migratedState(state("source"), { sqlFiles: ["scripts/seed-demo.sql", "test/fixtures/site-archive/every-kind.sql"] });
  const picture = join(scratch, "hero.png");
  writeFileSync(picture, PICTURE);
  wrangler("r2", "object", "put", `${BUCKET}/${MEDIA_KEY}`, "--file", picture, "--content-type", "image/png", "--local", "--persist-to", source);
  archive = join(scratch, "site.cms");
  succeeds(cli("export", archive, "--persist-to", source));
});

it("exports every kind of content, and an import into a fresh state exports byte-identically", () => {
  const text = readFileSync(archive, "utf8");
  const manifest = JSON.parse(text.slice(0, text.indexOf("\n")));
  assert.equal(manifest.counts.pages, 5);
  assert.equal(manifest.counts.pages_versions, 8);
  assert.deepEqual([manifest.counts.inquiries, manifest.counts.share_links, manifest.counts.page_redirects, manifest.counts.media, manifest.objects], [2, 2, 1, 1, 1]);
  assert.equal(manifest.counts.review_comments, 2);
  assert.equal(manifest.sequences.pages_versions, 10);
  assert.equal(manifest.migrations.at(-1), NEWEST_MIGRATION);
  // The site's own export writes PACKAGE_VERSION (a Worker cannot read package.json): they agree.
  assert.equal(manifest.package, PACKAGE_VERSION);
  for (const never of ["SESSION-ROW-NEVER-EXPORTED", "FORM-TOKEN-NEVER-EXPORTED", "SECRET-HASH-OF", "pages_search"]) assert.equal(text.includes(never), false, `${never} is in the archive`);

  const again = join(scratch, "again.cms");
  succeeds(cli("export", again, "--persist-to", source));
  assert.equal(digest(again), digest(archive), "two exports of an unchanged site differ");

  const target = freshState("target");
  imported = target;
  const run = cli("import", archive, "--persist-to", target, "--from", "src/site/collections.ts");
  succeeds(run);
  assert.match(run.stdout, /imported .*: 28 rows, 1 media objects, 4 pages indexed for search/);
  const roundTrip = join(scratch, "round-trip.cms");
  succeeds(cli("export", roundTrip, "--persist-to", target));
  assert.equal(digest(roundTrip), digest(archive), "export → import → export is not byte-identical");

  const copy = join(scratch, "copy.png");
  wrangler("r2", "object", "get", `${BUCKET}/${MEDIA_KEY}`, "--file", copy, "--local", "--persist-to", target);
  assert.ok(readFileSync(copy).equals(PICTURE), "the media object's bytes differ");
  // The index is rebuilt from the published rows: the live words, never a pending draft's.
  const found = query(
    target,
    `SELECT group_concat(rowid) AS services FROM (SELECT rowid FROM pages_search WHERE pages_search MATCH 'services' ORDER BY rowid);
     SELECT count(*) AS drafts FROM pages_search WHERE pages_search MATCH 'soon OR unpublished';
     SELECT count(*) AS long FROM pages_search WHERE pages_search MATCH 'ipsum';
     SELECT seq FROM sqlite_sequence WHERE name = 'pages_versions'`,
  );
  assert.deepEqual(found, [{ services: "3" }, { drafts: 0 }, { long: 1 }, { seq: 10 }]);
});

it("carries password hashes only with --with-credentials", () => {
  const withHashes = join(scratch, "with-credentials.cms");
  succeeds(cli("export", withHashes, "--with-credentials", "--persist-to", source));
  const text = readFileSync(withHashes, "utf8");
  assert.equal(text.includes("pbkdf2-sha256$100000$SECRET-HASH-OF-EDITOR"), true);
  assert.equal(JSON.parse(text.slice(0, text.indexOf("\n"))).credentials, true);
  assert.equal(text.includes("SESSION-ROW-NEVER-EXPORTED"), false);
});

it("refuses a truncated, a tampered or a newer archive, or one whose migrations the target lacks, before writing anything", () => {
  const target = freshState("refused");
  const text = readFileSync(archive, "utf8");
  const bad = (name, content) => {
    const file = join(scratch, name);
    writeFileSync(file, content);
    const run = cli("import", file, "--persist-to", target, "--from", "src/site/collections.ts");
    assert.equal(run.status, 1, run.stdout);
    return run.stderr;
  };
  assert.match(bad("truncated.cms", text.slice(0, text.length - 5000)), /entry media:uploads\/0b7f3c2e-5a4d-4e8f-9a1b-2c3d4e5f6a7b\.png is truncated: the archive ends \d+ bytes into its \d+/);
  assert.match(bad("tampered.cms", text.replace("Do you make shops?", "Do you make shops!")), /entry table:inquiries does not match its SHA-256 in the manifest: it was altered/);
  assert.match(bad("grown.cms", text.replace("<p>Draft only.</p>", "<p>Draft only, and more.</p>")), /entry table:pages was altered/);
  assert.match(bad("newer.cms", text.replace(/"package":"[^"]+"/, '"package":"99.0.0"')), /comes from cms-toolkit 99\.0\.0, newer than this one/);
  assert.match(
    bad("ahead.cms", text.replace(`"${NEWEST_MIGRATION}"]`, `"${NEWEST_MIGRATION}","9999_from_the_future.sql"]`)),
    /the local database DB lacks migrations the archive's site had: 9999_from_the_future\.sql\. Apply today's migrations first/,
  );
  assert.equal(contentRows(target), 0, "a refused import wrote rows");
});

it("refuses a target that holds content unless --replace, which leaves exactly the archive", () => {
  const target = freshState("filled");
  wrangler("d1", "execute", "DB", "--local", "--persist-to", target, "--file", join(ROOT, "scripts/seed-demo.sql"));
  const refused = cli("import", archive, "--persist-to", target, "--from", "src/site/collections.ts");
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /already holds content \(courses, courses_versions, pages, pages_versions\): import into an empty one, or pass --replace to delete it first/);
  succeeds(cli("import", archive, "--replace", "--persist-to", target, "--from", "src/site/collections.ts"));
  const replaced = join(scratch, "replaced.cms");
  succeeds(cli("export", replaced, "--persist-to", target));
  assert.equal(digest(replaced), digest(archive), "an import with --replace left more or less than the archive");
});

it("holds an archive's rows to the site's field rules: a value no edit would accept refuses it with nothing written; rich text is sanitized as a save would", () => {
  // A database written by other means than the site (by hand, an old script) exports what it holds.
  const elsewhere = freshState("written-elsewhere");
  const execute = (sql) => wrangler("d1", "execute", "DB", "--local", "--persist-to", elsewhere, "--command", sql);
  execute(`INSERT INTO pages (id, slug, title, body, sections) VALUES (901, 'cleaned', 'Cleaned', '<p>Kept.</p><script>alert(1)</script><img src="x" onerror="alert(1)">', '[]')`);
  const unclean = join(scratch, "unclean.cms");
  succeeds(cli("export", unclean, "--persist-to", elsewhere));
  const sanitized = freshState("sanitized");
  const run = cli("import", unclean, "--persist-to", sanitized, "--from", "src/site/collections.ts");
  succeeds(run);
  assert.match(run.stdout, /sanitized the rich text of 1 value as a save would: pages row 901 \(body\)/);
  const [page] = query(sanitized, "SELECT body FROM pages WHERE id = 901");
  assert.match(page.body, /^<p>Kept\.<\/p>/);
  assert.doesNotMatch(page.body, /script|onerror/);

  execute(`INSERT INTO pages (id, slug, title, body, sections) VALUES (902, 'linked', 'Linked', '', '[{"type":"cta","id":"s1","label":"Go","href":"javascript:alert(1)"}]'), (903, 'Not A Slug', 'Bad', '', '[]')`);
  const refusedArchive = join(scratch, "refused-rows.cms");
  succeeds(cli("export", refusedArchive, "--persist-to", elsewhere));
  const target = freshState("refused-rows");
  const refused = cli("import", refusedArchive, "--persist-to", target, "--from", "src/site/collections.ts");
  assert.equal(refused.status, 1, refused.stdout);
  assert.match(refused.stderr, /the archive holds values no edit of the site would accept, so nothing was written: pages row 902: sections\.0\.href: [^;]+; pages row 903: slug: slug must be lower-case/);
  assert.equal(contentRows(target), 0, "a refused import wrote rows");
});

it("the imported site serves the same pages and media as the original, and opens in edit mode on the pending draft", async () => {
  assert.ok(imported, "the round trip ran first");
  const port = Number(process.env.ARCHIVE_PORT ?? 8789);
  const secrets = { session: "archive-test-session-secret-0123456789abcdef", timing: "archive-test-timing-secret-0123456789abcdef" };
  const paths = ["/", "/about", "/services", "/long-read", "/what-we-do", "/unpublished", "/courses/pottery-basics", "/media/uploads/0b7f3c2e-5a4d-4e8f-9a1b-2c3d4e5f6a7b.png"];
  // What a visitor gets, less what differs on every request (the CSP nonce, the form's timing token).
  const visit = async (persistTo, signIn) => {
    const site = await startSite({ port, state: { persistTo, password: "unused", secrets } });
    try {
      const answers = [];
      for (const path of paths) {
        const response = await fetch(`${site.origin}${path}`, { redirect: "manual" });
        const body = Buffer.from(await response.arrayBuffer()).toString("latin1");
        answers.push({ path, status: response.status, location: response.headers.get("location"), body: body.replace(/nonce(="|-)[\w+/=-]+/g, "nonce").replace(/name="cms_form_ts" value="[^"]*"/g, "") });
      }
      return { answers, edit: signIn ? await signIn(site) : null };
    } finally {
      await site.kill();
    }
  };
  const original = await visit(source);
  const password = "archive-test-password";
  await addEditors([{ email: "owner@example.test", name: "Owner", role: "publisher", password }], { persistTo: imported, quiet: true });
  const copy = await visit(imported, async (site) => {
    const session = await fetch(`${site.origin}/api/cms/session`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json" }, body: JSON.stringify({ email: "owner@example.test", password }) });
    assert.equal(session.status, 204);
    const cookie = session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const search = await fetch(`${site.origin}/api/cms/pages/search?q=services`, { headers: { cookie } });
    const comments = await (await fetch(`${site.origin}/api/cms/pages/3/comments`, { headers: { cookie } })).json();
    return { page: await (await fetch(`${site.origin}/services`, { headers: { cookie } })).text(), search: await search.json(), comments };
  });
  const statuses = paths.map((path, i) => [path, [200, 200, 200, 200, 308, 404, 200, 200][i]]);
  assert.deepEqual(original.answers.map(({ path, status }) => [path, status]), statuses);
  assert.deepEqual(copy.answers.map(({ path, status }) => [path, status]), statuses);
  for (const [i, answer] of original.answers.entries()) {
    assert.equal(copy.answers[i].location, answer.location, `${answer.path}: the redirect differs`);
    assert.ok(copy.answers[i].body === answer.body, `${answer.path}: the imported site answers differently ${firstDifference(answer.body, copy.answers[i].body)}`);
  }
  assert.match(copy.edit.page, /Our services, soon/);
  assert.match(copy.edit.page, /data-cms-field=/);
  // The seed never indexed the original; the import rebuilt the index from the published rows.
  assert.deepEqual(copy.edit.search.items.map((hit) => hit.id), [3]);
  // The imported room had no storage: it anchored the thread again on its words, from D1's offsets.
  assert.deepEqual(
    copy.edit.comments.threads.map((t) => [t.id, t.quote, t.from, t.to, t.text, t.replies.map((r) => r.text)]),
    [["thread0000000001", "services", 4, 12, "Plural?", ["Yes, several."]]],
  );
});

it("the site's own export (GET /api/cms/export, Settings → Export) is the CLI's archive of the same state, byte for byte", async () => {
  const served = state("served");
  cpSync(source, served, { recursive: true });
  const password = "archive-test-admin-password";
  await addEditors([{ email: "admin@example.test", name: "Admin", role: "admin", password }], { persistTo: served, quiet: true });
  const secrets = { session: "archive-test-session-secret-0123456789abcdef", timing: "archive-test-timing-secret-0123456789abcdef" };
  const site = await startSite({ port: Number(process.env.ARCHIVE_PORT ?? 8789), state: { persistTo: served, password: "unused", secrets } });
  let download;
  try {
    const session = await fetch(`${site.origin}/api/cms/session`, { method: "POST", headers: { origin: site.origin, "content-type": "application/json" }, body: JSON.stringify({ email: "admin@example.test", password }) });
    assert.equal(session.status, 204);
    const cookie = session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const answer = await fetch(`${site.origin}/api/cms/export`, { headers: { cookie } });
    assert.equal(answer.status, 200);
    download = Buffer.from(await answer.arrayBuffer());
  } finally {
    await site.kill();
  }
  // After the site stopped, so both read the same rows (signing in wrote an activity row).
  const file = join(scratch, "served.cms");
  succeeds(cli("export", file, "--persist-to", served));
  const text = readFileSync(file, "utf8");
  assert.ok(download.toString("utf8") === text, `the route's archive differs from the CLI's ${firstDifference(text, download.toString("utf8"))}`);
});
