import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import core from "../sql/core.sql?raw";
import forms from "../sql/forms.sql?raw";
import media from "../sql/media.sql?raw";
import pagesPart from "../sql/pages.sql?raw";
import search from "../sql/search.sql?raw";
import settings from "../sql/settings.sql?raw";
import shareLinks from "../sql/share-links.sql?raw";

/*
 * The package's SQL parts (sql/*.sql, copied into a consumer's migrations by `npx cms-toolkit
 * migrations`) must create exactly the schema the reference site's migration history
 * (migrations/, applied to this test database) ends with. SQLite keeps each CREATE statement's
 * text in sqlite_schema, so the two are compared statement by statement. A migration that changes
 * a toolkit table without the matching part fails here.
 */
const PARTS = { core, pages: pagesPart, search, media, settings, forms, "share-links": shareLinks };

/** CREATE statements of a SQL file, comments dropped and whitespace collapsed (SQLite writes a column added by ALTER after a line break, and a space before its comma). */
function statements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, "")
    .split(";")
    .map((statement) => statement.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ ([),])/g, "$1").trim())
    .filter((statement) => statement !== "");
}

function objectName(statement: string): string {
  const match = /^CREATE (?:VIRTUAL TABLE|TABLE|INDEX) (\w+)/.exec(statement);
  if (!match) throw new Error(`not a CREATE statement: ${statement}`);
  return match[1]!;
}

describe("sql/ parts", () => {
  it.each(Object.entries(PARTS))("%s.sql creates what migrations/ created", async (_part, sql) => {
    const parts = statements(sql);
    expect(parts.length).toBeGreaterThan(0);
    for (const statement of parts) {
      const row = await env.DB.prepare("SELECT sql FROM sqlite_schema WHERE name = ?1").bind(objectName(statement)).first<{ sql: string }>();
      expect(row, objectName(statement)).not.toBeNull();
      expect(statements(row!.sql)[0]).toBe(statement);
    }
  });

  it("each toolkit table is created by exactly one part", () => {
    const names = Object.values(PARTS).flatMap((sql) => statements(sql).map(objectName));
    expect(new Set(names).size).toBe(names.length);
  });
});
