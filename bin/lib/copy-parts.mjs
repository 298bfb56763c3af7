// Copies what the package ships into a site: the SQL parts as numbered D1 migrations, and the
// built editing client into an assets folder.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The installed package's root (bin/lib/ is two levels down). */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The SQL parts in the order they must apply: core first, then the optional ones (search needs pages). */
export const SQL_PARTS = ["core", "pages", "search", "media", "settings", "forms", "share-links", "comments"];

/**
 * Changes to a part made after sites had copied it, in order: `sql/upgrades/<name>.sql`, written as
 * `<NNNN>_cms_<name>.sql` into a site whose copy of the part predates it. A part's file names the
 * upgrades it already includes (`-- Upgrades included: core-roles`), so a site that copied it
 * afresh never runs them: a rebuild run over a newer table would drop its newer columns.
 */
export const SQL_UPGRADES = [
  { part: "core", name: "core-roles" },
  { part: "core", name: "core-team-links" },
  { part: "core", name: "core-activity" },
  { part: "core", name: "core-second-factor" },
  { part: "core", name: "core-unflushed-rooms" },
  { part: "core", name: "core-scheduled-publishes" },
  { part: "core", name: "core-room-sessions" },
  { part: "pages", name: "pages-locales" },
  { part: "pages", name: "pages-redirect-locales" },
];

/**
 * Writes each wanted part as `<NNNN>_cms_<part>.sql` into `dir`, numbered after the highest
 * migration already there, then each upgrade its copy of a part lacks (`SQL_UPGRADES`). A part or
 * upgrade already present (any `*_cms_<name>.sql`) is skipped, so running it again adds nothing:
 * after updating the package, running it again is how a site gets the new upgrades. Returns the
 * files written.
 *
 * @example
 * copyMigrations("migrations", { parts: ["core", "media"] }) // ["migrations/0001_cms_core.sql", "migrations/0002_cms_media.sql"]
 */
export function copyMigrations(dir, { parts = SQL_PARTS } = {}) {
  const unknown = parts.filter((part) => !SQL_PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`unknown part(s): ${unknown.join(", ")}; choose from ${SQL_PARTS.join(", ")}`);
  if (!parts.includes("core") && !hasPart(dir, "core")) throw new Error("the core part is required (add core, or copy it first)");
  if (parts.includes("search") && !parts.includes("pages") && !hasPart(dir, "pages")) throw new Error("the search part indexes the pages part: add pages too");
  mkdirSync(dir, { recursive: true });
  const existing = readdirSync(dir).filter((name) => name.endsWith(".sql"));
  let next = Math.max(0, ...existing.map((name) => Number.parseInt(name, 10)).filter(Number.isFinite)) + 1;
  const written = [];
  for (const part of SQL_PARTS.filter((name) => parts.includes(name))) {
    if (existing.some((name) => name.endsWith(`_cms_${part}.sql`))) continue;
    const file = join(dir, `${String(next++).padStart(4, "0")}_cms_${part}.sql`);
    writeFileSync(file, readFileSync(join(PACKAGE_ROOT, "sql", `${part}.sql`)));
    written.push(file);
  }
  for (const { part, name } of SQL_UPGRADES) {
    if (!hasPart(dir, part) || hasPart(dir, name) || partIncludes(dir, part, name)) continue;
    const file = join(dir, `${String(next++).padStart(4, "0")}_cms_${name}.sql`);
    writeFileSync(file, readFileSync(join(PACKAGE_ROOT, "sql", "upgrades", `${name}.sql`)));
    written.push(file);
  }
  return written;
}

function partIncludes(dir, part, upgrade) {
  const file = readdirSync(dir).find((name) => name.endsWith(`_cms_${part}.sql`));
  const included = /^-- Upgrades included: (.*)$/m.exec(readFileSync(join(dir, file), "utf8"));
  return included !== null && included[1].split(/,\s*/).includes(upgrade);
}

function hasPart(dir, part) {
  return existsSync(dir) && readdirSync(dir).some((name) => name.endsWith(`_cms_${part}.sql`));
}

/**
 * Copies the built editing client (`cms-client/`: the entry and its lazy chunks) into a site's
 * assets folder, where it is served at `/cms-client/louise.js`. Returns the folder written.
 *
 * @example
 * copyClient("public") // "public/cms-client"
 */
export function copyClient(assetsDir) {
  const target = join(assetsDir, "cms-client");
  cpSync(join(PACKAGE_ROOT, "dist/client/cms-client"), target, { recursive: true });
  return target;
}
