// `cms-toolkit migrations <dir>`: the package's SQL parts and their later upgrades, copied into a
// site's migrations folder as numbered files (bin/lib/copy-parts.mjs).
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { copyMigrations, PACKAGE_ROOT } from "../../bin/lib/copy-parts.mjs";

const folder = () => mkdtempSync(join(tmpdir(), "cms-copy-parts-"));

it("a fresh site gets each part as it is today, which includes its upgrades, and a second run adds nothing", () => {
  const dir = folder();
  copyMigrations(dir, { parts: ["core", "media"] });
  assert.deepEqual(readdirSync(dir).sort(), ["0001_cms_core.sql", "0002_cms_media.sql"]);
  assert.match(readFileSync(join(dir, "0001_cms_core.sql"), "utf8"), /^-- Upgrades included: core-roles, core-team-links, core-activity, core-second-factor, core-unflushed-rooms, core-scheduled-publishes, core-room-sessions$/m);
  assert.deepEqual(copyMigrations(dir, { parts: ["core", "media"] }), []);
});

it("a site that copied the core part before roles existed gets the upgrade after its own migrations", () => {
  const dir = folder();
  writeFileSync(join(dir, "0001_cms_core.sql"), "-- the core part as an earlier package shipped it\n");
  writeFileSync(join(dir, "0002_site_pages.sql"), "-- the site's own\n");
  assert.deepEqual(copyMigrations(dir, { parts: ["core"] }), ["0003_cms_core-roles.sql", "0004_cms_core-team-links.sql", "0005_cms_core-activity.sql", "0006_cms_core-second-factor.sql", "0007_cms_core-unflushed-rooms.sql", "0008_cms_core-scheduled-publishes.sql", "0009_cms_core-room-sessions.sql"].map((name) => join(dir, name)));
  assert.equal(readFileSync(join(dir, "0003_cms_core-roles.sql"), "utf8"), readFileSync(join(PACKAGE_ROOT, "sql/upgrades/core-roles.sql"), "utf8"));
  assert.deepEqual(copyMigrations(dir, { parts: ["core"] }), []);
});

it("a site that copied the pages part before languages gets the pages-locales and pages-redirect-locales rebuilds; a fresh copy includes them", () => {
  const dir = folder();
  writeFileSync(join(dir, "0001_cms_core.sql"), "-- Upgrades included: core-roles, core-team-links, core-activity, core-second-factor, core-unflushed-rooms, core-scheduled-publishes, core-room-sessions\n");
  writeFileSync(join(dir, "0002_cms_pages.sql"), "-- the pages part as an earlier package shipped it\n");
  assert.deepEqual(copyMigrations(dir, { parts: ["core", "pages"] }), [join(dir, "0003_cms_pages-locales.sql"), join(dir, "0004_cms_pages-redirect-locales.sql")]);
  assert.equal(readFileSync(join(dir, "0003_cms_pages-locales.sql"), "utf8"), readFileSync(join(PACKAGE_ROOT, "sql/upgrades/pages-locales.sql"), "utf8"));
  assert.equal(readFileSync(join(dir, "0004_cms_pages-redirect-locales.sql"), "utf8"), readFileSync(join(PACKAGE_ROOT, "sql/upgrades/pages-redirect-locales.sql"), "utf8"));
  const fresh = folder();
  copyMigrations(fresh, { parts: ["core", "pages"] });
  assert.deepEqual(readdirSync(fresh).sort(), ["0001_cms_core.sql", "0002_cms_pages.sql"]);
  assert.match(readFileSync(join(fresh, "0002_cms_pages.sql"), "utf8"), /^-- Upgrades included: pages-locales, pages-redirect-locales$/m);
});
