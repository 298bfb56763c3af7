import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, type SQLiteColumnBuilderBase } from "drizzle-orm/sqlite-core";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { versionsColumns, versionsTable } from "../../src/tables/versions-table";
import {
  APPLIED_SCHEMA_SQL,
  appliedSchemaFromRows,
  migrationStatements,
  SchemaDriftError,
  type AppliedSchema,
  type AppliedSchemaRow,
  type SchemaCollection,
} from "../../src/cores/schema-sql";
import { pagesDeclaration } from "../../src/site/collections";

const NOW = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

async function appliedSchema(): Promise<AppliedSchema> {
  return appliedSchemaFromRows((await env.DB.prepare(APPLIED_SCHEMA_SQL).all<AppliedSchemaRow>()).results);
}

async function apply(statements: string[]): Promise<void> {
  await env.DB.batch(statements.filter((statement) => !statement.startsWith("--")).map((statement) => env.DB.prepare(statement)));
}

const base = {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  publishedVersionId: integer("published_version_id"),
};
const events = sqliteTable("events", base);
const eventsCollection: SchemaCollection = { table: events, versionsTable: versionsTable("events"), search: ["title", "body"] };

/** `events` as applied by the first migration: the shape the table tests start from. */
const eventsApplied: AppliedSchema = {
  events: {
    columns: [
      { name: "id", type: "INTEGER", notNull: false, pk: 1 },
      { name: "title", type: "TEXT", notNull: true, pk: 0 },
      { name: "body", type: "TEXT", notNull: true, pk: 0 },
      { name: "published_version_id", type: "INTEGER", notNull: false, pk: 0 },
    ],
    indexes: [],
  },
};

function withColumns(columns: Record<string, SQLiteColumnBuilderBase>): SchemaCollection {
  return { table: sqliteTable("events", { ...base, ...columns }) };
}

describe("migrationStatements", () => {
  it("finds nothing to do for the reference site's pages: the declaration equals what migrations/ applied", async () => {
    expect(migrationStatements({ pages: pagesDeclaration }, await appliedSchema())).toEqual([]);
  });

  it("creates a new collection's table, versions table and index, and search table, which D1 applies and then agrees with", async () => {
    const statements = migrationStatements({ events: eventsCollection }, await appliedSchema());
    expect(statements).toEqual([
      'CREATE TABLE "events" (\n  "id" INTEGER PRIMARY KEY AUTOINCREMENT,\n  "title" TEXT NOT NULL,\n  "body" TEXT NOT NULL DEFAULT \'\',\n  "published_version_id" INTEGER\n);',
      'CREATE TABLE "events_versions" (\n  "id" INTEGER PRIMARY KEY AUTOINCREMENT,\n  "parent_id" INTEGER NOT NULL,\n  "status" TEXT NOT NULL DEFAULT \'draft\',\n  "version_data" TEXT NOT NULL,\n  "created_by" TEXT,\n  "created_at" TEXT NOT NULL DEFAULT (strftime(\'%Y-%m-%dT%H:%M:%fZ\', \'now\'))\n);',
      'CREATE INDEX "events_versions_parent_status" ON "events_versions" ("parent_id", "status", "id");',
      'CREATE VIRTUAL TABLE "events_search" USING fts5(\n  "title",\n  "body",\n  tokenize = \'unicode61 remove_diacritics 2\'\n);',
    ]);
    await apply(statements);
    expect(migrationStatements({ events: eventsCollection }, await appliedSchema())).toEqual([]);

    const grown: SchemaCollection = { ...eventsCollection, table: sqliteTable("events", { ...base, summary: text("summary").notNull().default("") }) };
    const next = migrationStatements({ events: grown }, await appliedSchema());
    expect(next).toEqual([`ALTER TABLE "events" ADD COLUMN "summary" TEXT NOT NULL DEFAULT '';`]);
    await apply(next);
    expect(migrationStatements({ events: grown }, await appliedSchema())).toEqual([]);
  });

  it("renders a foreign key and the column constraints Drizzle cannot declare, and D1 enforces them", async () => {
    const owners = sqliteTable("owners", { id: integer("id").primaryKey({ autoIncrement: true }), email: text("email").notNull().unique() });
    const pets = sqliteTable("pets", {
      id: integer("id").primaryKey({ autoIncrement: true }),
      ownerId: integer("owner_id")
        .notNull()
        .references(() => owners.id, { onDelete: "cascade" }),
      kind: text("kind").notNull(),
    });
    const statements = migrationStatements(
      { owners: { table: owners, columnSql: { email: "COLLATE NOCASE" } }, pets: { table: pets, columnSql: { kind: "CHECK (kind IN ('cat', 'dog'))" } } },
      {},
    );
    expect(statements).toEqual([
      'CREATE TABLE "owners" (\n  "id" INTEGER PRIMARY KEY AUTOINCREMENT,\n  "email" TEXT NOT NULL UNIQUE COLLATE NOCASE\n);',
      'CREATE TABLE "pets" (\n  "id" INTEGER PRIMARY KEY AUTOINCREMENT,\n  "owner_id" INTEGER NOT NULL REFERENCES "owners"("id") ON DELETE CASCADE,\n  "kind" TEXT NOT NULL CHECK (kind IN (\'cat\', \'dog\'))\n);',
    ]);
    await apply(statements);
    await env.DB.prepare("INSERT INTO owners (id, email) VALUES (1, 'Ann@example.com')").run();
    await expect(env.DB.prepare("INSERT INTO owners (email) VALUES ('ann@EXAMPLE.com')").run()).rejects.toThrow(/UNIQUE/);
    await expect(env.DB.prepare("INSERT INTO pets (owner_id, kind) VALUES (1, 'fish')").run()).rejects.toThrow(/CHECK/);
    await env.DB.prepare("INSERT INTO pets (owner_id, kind) VALUES (1, 'cat')").run();
    await env.DB.prepare("DELETE FROM owners WHERE id = 1").run();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM pets").first("n")).toBe(0);
  });

  it("refuses column constraints for a column the table does not have", () => {
    expect(() => migrationStatements({ events: { table: events, columnSql: { venue: "COLLATE NOCASE" } } }, {})).toThrow("events: columnSql names no column venue");
  });

  it("gives a versions table declared without the index the same index, once", () => {
    const declaredBare = migrationStatements({ events: { table: events, versionsTable: sqliteTable("events_versions", versionsColumns()) } }, {});
    expect(declaredBare).toEqual(migrationStatements({ events: { table: events, versionsTable: versionsTable("events") } }, {}));
    expect(declaredBare.filter((statement) => statement.startsWith("CREATE INDEX"))).toEqual([
      'CREATE INDEX "events_versions_parent_status" ON "events_versions" ("parent_id", "status", "id");',
    ]);
  });

  it.each([
    ["a nullable column", { venue: text("venue") }, [`ALTER TABLE "events" ADD COLUMN "venue" TEXT;`]],
    ["an integer with a default", { seats: integer("seats").notNull().default(10) }, [`ALTER TABLE "events" ADD COLUMN "seats" INTEGER NOT NULL DEFAULT 10;`]],
    ["a json column", { tags: text("tags", { mode: "json" }).notNull().default(["a'b"]) }, [`ALTER TABLE "events" ADD COLUMN "tags" TEXT NOT NULL DEFAULT '["a''b"]';`]],
    [
      "a unique column, as a unique index",
      { slug: text("slug").unique() },
      [`ALTER TABLE "events" ADD COLUMN "slug" TEXT;`, `CREATE UNIQUE INDEX "events_slug_unique" ON "events" ("slug");`],
    ],
  ] as const)("adds %s", (_name, columns, expected) => {
    expect(migrationStatements({ events: withColumns(columns) }, eventsApplied)).toEqual(expected);
  });

  it.each([
    ["a NOT NULL column without a default", { venue: text("venue").notNull() }, "events.venue: declared NOT NULL without a default"],
    ["a column with an expression default", { at: text("at").default(NOW) }, "events.at: declared with the non-constant default"],
  ] as const)("refuses to add %s", (_name, columns, message) => {
    expect(() => migrationStatements({ events: withColumns(columns) }, eventsApplied)).toThrow(message);
  });

  it("refuses a removed column and a retyped one, naming both and the fix", () => {
    const table = sqliteTable("events", { id: base.id, title: integer("title").notNull(), publishedVersionId: base.publishedVersionId });
    let error: unknown;
    try {
      migrationStatements({ events: { table } }, eventsApplied);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaDriftError);
    expect((error as SchemaDriftError).conflicts).toEqual([
      { table: "events", column: "body", problem: "applied but no longer declared (removed)" },
      { table: "events", column: "title", problem: "declared INTEGER NOT NULL, applied TEXT NOT NULL (retyped)" },
    ]);
    expect((error as Error).message).toContain("Fix: declare the column as it is applied, or write that migration by hand");
  });

  it("rebuilds a search table whose fields changed, and adds a missing versions index", () => {
    const applied: AppliedSchema = {
      ...eventsApplied,
      events_versions: {
        columns: ["id", "parent_id", "status", "version_data", "created_by", "created_at"].map((name) => ({
          name,
          type: name === "id" || name === "parent_id" ? "INTEGER" : "TEXT",
          notNull: !["id", "created_by"].includes(name),
          pk: name === "id" ? 1 : 0,
        })),
        indexes: [],
      },
      events_search: { columns: [{ name: "title", type: "", notNull: false, pk: 0 }], indexes: [] },
    };
    expect(migrationStatements({ events: eventsCollection }, applied)).toEqual([
      'CREATE INDEX "events_versions_parent_status" ON "events_versions" ("parent_id", "status", "id");',
      "-- The search fields of events_search changed: after applying, POST /api/cms/events/reindex.",
      'DROP TABLE "events_search";',
      'CREATE VIRTUAL TABLE "events_search" USING fts5(\n  "title",\n  "body",\n  tokenize = \'unicode61 remove_diacritics 2\'\n);',
    ]);
  });
});
