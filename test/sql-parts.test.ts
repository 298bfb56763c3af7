import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { appliedSchemaFromRows, APPLIED_SCHEMA_SQL, migrationStatements, planStatements, type AppliedSchema, type AppliedSchemaRow } from "../src/cores/schema-sql";
import { renderSqlPart } from "../src/cores/sql-part";
import { siteCollections, siteSchemaPlans } from "../src/site/site-schema";
import { SQL_PARTS } from "../src/tables/sql-parts";
import teamRolesMigration from "../migrations/0012_team_roles.sql?raw";
import teamLinksMigration from "../migrations/0013_team_links.sql?raw";
import activityMigration from "../migrations/0014_activity.sql?raw";
import secondFactorMigration from "../migrations/0015_second_factor.sql?raw";
import localesMigration from "../migrations/0018_locales.sql?raw";
import redirectLocalesMigration from "../migrations/0019_redirect_locales.sql?raw";
import core from "../sql/core.sql?raw";
import forms from "../sql/forms.sql?raw";
import media from "../sql/media.sql?raw";
import pagesPart from "../sql/pages.sql?raw";
import search from "../sql/search.sql?raw";
import settings from "../sql/settings.sql?raw";
import shareLinks from "../sql/share-links.sql?raw";
import comments from "../sql/comments.sql?raw";
import coreRoles from "../sql/upgrades/core-roles.sql?raw";
import coreTeamLinks from "../sql/upgrades/core-team-links.sql?raw";
import coreActivity from "../sql/upgrades/core-activity.sql?raw";
import coreSecondFactor from "../sql/upgrades/core-second-factor.sql?raw";
import pagesLocales from "../sql/upgrades/pages-locales.sql?raw";
import pagesRedirectLocales from "../sql/upgrades/pages-redirect-locales.sql?raw";

/*
 * The Drizzle tables in src/tables are the only place a toolkit table is written. Two things must
 * follow from them: each `sql/<part>.sql` (what `npx cms-toolkit migrations` copies into a site) is
 * exactly what they render, and the reference site's migration history (migrations/, applied to
 * DB by the test setup) ends at exactly the schema they and the site's collections render
 * (siteSchemaPlans), built here in the empty SCHEMA_DB.
 */

/** The files of sql/, by part name (`npm run sql:generate` refuses a file no part declares). */
const FILES: Record<string, string> = { core, pages: pagesPart, search, media, settings, forms, "share-links": shareLinks, comments };

/** A stored CREATE statement with quoting, comments and layout taken out (SQLite keeps each as written; ALTER appends `, column`). */
function normalized(sql: string | null): string | null {
  if (sql === null) return null;
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/"(\w+)"/g, "$1")
    .replace(/\s+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ ([),])/g, "$1")
    .trim();
}

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Everything SQLite reports about a database's schema: each object's statement, and each table's columns, indexes and foreign keys. */
async function schemaOf(db: D1Database): Promise<Record<string, unknown>> {
  const { results: objects } = await db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name NOT GLOB '_cf_*' AND tbl_name <> 'd1_migrations' ORDER BY name")
    .all<MasterRow>();
  const schema: Record<string, unknown> = {};
  for (const object of objects) {
    const entry: Record<string, unknown> = { type: object.type, table: object.tbl_name, sql: normalized(object.sql) };
    if (object.type === "table") {
      entry.columns = (await db.prepare("SELECT * FROM pragma_table_xinfo(?1) ORDER BY cid").bind(object.name).all()).results;
      entry.foreignKeys = (await db.prepare("SELECT * FROM pragma_foreign_key_list(?1) ORDER BY id, seq").bind(object.name).all()).results;
      entry.indexes = (await db.prepare("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?1) ORDER BY name").bind(object.name).all()).results;
    }
    if (object.type === "index") entry.columns = (await db.prepare("SELECT * FROM pragma_index_xinfo(?1) ORDER BY seqno").bind(object.name).all()).results;
    schema[object.name] = entry;
  }
  return schema;
}

async function appliedSchema(db: D1Database): Promise<AppliedSchema> {
  return appliedSchemaFromRows((await db.prepare(APPLIED_SCHEMA_SQL).all<AppliedSchemaRow>()).results);
}

describe("sql/ parts", () => {
  it("each upgrade a site made by init gets (sql/upgrades/) is the reference site's own migration", () => {
    expect(coreRoles).toBe(teamRolesMigration);
    expect(coreTeamLinks).toBe(teamLinksMigration);
    expect(coreActivity).toBe(activityMigration);
    expect(coreSecondFactor).toBe(secondFactorMigration);
    expect(pagesLocales).toBe(localesMigration);
    expect(pagesRedirectLocales).toBe(redirectLocalesMigration);
  });

  it("a file of sql/ for every declared part, and no other", () => {
    expect(Object.keys(FILES).sort()).toEqual(SQL_PARTS.map((part) => part.name).sort());
  });

  it.each(SQL_PARTS.map((part) => [part.name, part] as const))("sql/%s.sql is what its Drizzle tables render (npm run sql:generate)", (name, part) => {
    expect(FILES[name]).toBe(renderSqlPart(part));
  });

  it("migrations/ end at exactly the schema the tables render: sqlite_master, columns, indexes and foreign keys", async () => {
    const db = env.SCHEMA_DB;
    await db.batch(planStatements(siteSchemaPlans(), {}).map((statement) => db.prepare(statement)));
    const rendered = await schemaOf(db);
    expect(Object.keys(rendered)).toEqual(expect.arrayContaining(["editors", "pages_search", "courses"]));
    expect(await schemaOf(env.DB)).toEqual(rendered);
  });

  it("leaves nothing for `npm run migrations:generate` or `migrations generate` to write", async () => {
    const applied = await appliedSchema(env.DB);
    expect(planStatements(siteSchemaPlans(), applied)).toEqual([]);
    expect(migrationStatements(siteCollections, applied)).toEqual([]);
  });
});
