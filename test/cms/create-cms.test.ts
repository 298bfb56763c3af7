import { env } from "cloudflare:workers";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { cmsCollection } from "../../src/cms/cms-collection";
import { createCms } from "../../src/cms/create-cms";
import { PageRoom } from "../../src/objects/PageRoom";
import { siteCms } from "../../src/site/cms";
import { versionsTable } from "../../src/tables/versions-table";
import { connect, editor, newPage } from "../objects/room-client";

const notes = sqliteTable("notes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  publishedVersionId: integer("published_version_id"),
});

describe("createCms configures its own PageRoom", () => {
  it("a second createCms in the isolate leaves the first one's rooms serving its collections", async () => {
    const other = createCms({ collections: { notes: cmsCollection(notes, { versionsTable: versionsTable("notes"), drafts: true, fields: { title: { type: "text" } } }) } });
    expect(other.PageRoom).not.toBe(siteCms.PageRoom);
    expect(Object.getPrototypeOf(other.PageRoom)).toBe(PageRoom);

    // The site's binding still runs rooms for `pages` (a fresh room loads its configuration now).
    const id = await newPage({ title: "Still served" });
    const client = await connect(id, editor("ann"));
    expect(client.closed).toBeNull();
    expect(client.text("title")).toBe("Still served");
    client.close();
    expect(env.PAGE_ROOM).toBeDefined();
  });
});

describe("createCms checks its share links at start-up", () => {
  it("refuses shareLinks.collections naming a collection without drafts", () => {
    const plain = cmsCollection(notes, { fields: { title: { type: "text" } } });
    const withDrafts = cmsCollection(notes, { versionsTable: versionsTable("notes"), drafts: true, fields: { title: { type: "text" } } });
    expect(() => createCms({ collections: { notes: plain }, shareLinks: { collections: ["notes"] } })).toThrow(/shareLinks\.collections: notes is not a collection with drafts/);
    expect(() => createCms({ collections: { notes: withDrafts }, shareLinks: { collections: ["notes"] } })).not.toThrow();
  });
});
