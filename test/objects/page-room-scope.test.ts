import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { roomDraftWriter } from "../../src/objects/room-client";
import type { AccessScope } from "../../src/shared/access-scope";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import type { EditorSession } from "../../src/shared/session";
import { connect, editor, newestDraft, newPage, until } from "./room-client";

const writer = roomDraftWriter(env.PAGE_ROOM, "pages");

/* Test pages are addressed `/room-…` (see `newPage`). */
function scoped(name: string, scope: AccessScope, publisher = false): EditorSession {
  const session = editor(name, publisher);
  return { ...session, access: { ...session.access, scope } };
}

describe("PageRoom: a scoped account at the room's door", () => {
  it("is refused (4403) on a page outside its paths or collections, and admitted within", async () => {
    const id = await newPage({ title: "Scoped door" });
    for (const scope of [{ paths: ["/blog-"] }, { collections: ["courses"] }, { collections: [] }]) {
      const outside = await connect(id, scoped("fay", scope));
      await until(() => outside.closed !== null);
      expect(outside.closed?.code).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    }
    const inside = await connect(id, scoped("fay", { collections: ["pages"], paths: ["/room-"] }));
    expect(inside.synced).toBe(true);
    expect(inside.closed).toBeNull();
    inside.close();
  });
});

describe("PageRoom: a scoped account's updates", () => {
  it("a change of a read-only field (typed or deleted) is refused with 4423 and a refused event; the doc and its other editor are untouched", async () => {
    const id = await newPage({ title: "Read-only slug" });
    const ann = await connect(id, editor("ann"));
    const slug = ann.text("slug");
    for (const change of [(text: ReturnType<typeof ann.doc.getText>) => text.insert(text.length, "-x"), (text: ReturnType<typeof ann.doc.getText>) => text.delete(0, 2)]) {
      const fay = await connect(id, scoped("fay", { readOnlyFields: { pages: ["slug"] } }));
      // Fields it may change pass as ever.
      fay.doc.getText("title").insert(0, "Fay: ");
      await until(() => ann.text("title").startsWith("Fay: "));
      change(fay.doc.getText("slug"));
      await until(() => fay.closed !== null);
      expect(fay.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
      expect(fay.events.find((event) => event.type === "refused")).toMatchObject({ reason: "slug is read-only for this account" });
      ann.doc.getText("title").insert(0, "!");
      await until(() => ann.acknowledged());
      expect(ann.closed).toBeNull();
      expect(ann.text("slug")).toBe(slug);
    }
    await writer.applySaveDraft(editor("ann"), id, {});
    expect((await newestDraft(id))?.slug).toBe(slug);
    ann.close();
  });

  it("renaming the page out of the account's paths is refused (4403); a rename within them is taken", async () => {
    const id = await newPage({ title: "Renamed live" });
    const ann = await connect(id, editor("ann"));
    const slug = ann.text("slug");
    const within = await connect(id, scoped("fay", { paths: ["/room-"] }));
    within.doc.getText("slug").insert(slug.length, "-two");
    await until(() => ann.text("slug") === `${slug}-two`);
    expect(within.closed).toBeNull();
    within.doc.getText("slug").insert(0, "x");
    await until(() => within.closed !== null);
    expect(within.closed?.code).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    expect(ann.text("slug")).toBe(`${slug}-two`);
    ann.close();
  });
});

describe("PageRoom: a translation's room is at the translation's own address, /<locale>/<slug>", () => {
  it("admits a scope of /de/<prefix>, refuses one of the source's prefix (4403), and takes a live rename within it but not out of it", async () => {
    const source = await newPage({ title: "Source" });
    const id = await newPage({ title: "Übersetzung", locale: "de", sourceId: source });
    const ann = await connect(id, editor("ann"));
    const slug = ann.text("slug");
    const sources = await connect(id, scoped("sol", { paths: ["/room-"] }));
    await until(() => sources.closed !== null);
    expect(sources.closed?.code).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    const within = await connect(id, scoped("paul", { paths: ["/de/room-"] }));
    expect(within.closed).toBeNull();
    within.doc.getText("slug").insert(slug.length, "-zwei");
    await until(() => ann.text("slug") === `${slug}-zwei`);
    expect(within.closed).toBeNull();
    within.doc.getText("slug").insert(0, "x");
    await until(() => within.closed !== null);
    expect(within.closed?.code).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    expect(ann.text("slug")).toBe(`${slug}-zwei`);
    ann.close();
  });
});

describe("PageRoom: writes from outside the room by a scoped account", () => {
  it("refuses a draft, a leaf save, a restore, publish, unpublish and a schedule of a page outside its scope (403 out_of_scope), and takes them within", async () => {
    const id = await newPage({ title: "Outside writes" });
    const outside = scoped("pia", { paths: ["/blog-"] }, true);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const refused = { status: 403, code: "out_of_scope" };
    await expect(writer.applySaveDraft(outside, id, { title: "No" })).rejects.toMatchObject(refused);
    await expect(writer.saveField(outside, id, { root: "title", segments: [], value: "No" })).rejects.toMatchObject(refused);
    await expect(writer.applyPublish(outside, id)).rejects.toMatchObject(refused);
    await expect(writer.applyUnpublish(outside, id)).rejects.toMatchObject(refused);
    await expect(writer.schedulePublish(outside, id, { at })).rejects.toMatchObject(refused);
    await expect(writer.cancelScheduledPublish(outside, id)).rejects.toMatchObject(refused);
    const { versionId } = await writer.applySaveDraft(editor("ann"), id, { title: "Ann's" });
    await expect(writer.applySaveDraft(outside, id, {}, { restoreVersionId: versionId })).rejects.toMatchObject(refused);
    expect((await newestDraft(id))?.title).toBe("Ann's");
    const inside = scoped("pia", { paths: ["/room-"] }, true);
    await writer.applySaveDraft(inside, id, { title: "Pia's" });
    expect((await writer.applyPublish(inside, id)).page).toMatchObject({ title: "Pia's" });
  });

  it("refuses a change of a read-only field (403 read_only_field naming it), but not the field sent back unchanged", async () => {
    const id = await newPage({ title: "Read-only outside" });
    const { slug } = (await env.DB.prepare("SELECT slug FROM pages WHERE id = ?1").bind(id).first<{ slug: string }>())!;
    const fay = scoped("fay", { readOnlyFields: { pages: ["slug"] } });
    const refused = { status: 403, code: "read_only_field", details: { fields: ["slug"] } };
    await expect(writer.applySaveDraft(fay, id, { slug: `${slug}-x`, title: "No" })).rejects.toMatchObject(refused);
    await expect(writer.saveField(fay, id, { root: "slug", segments: [], value: `${slug}-x` })).rejects.toMatchObject(refused);
    await writer.applySaveDraft(fay, id, { slug, title: "Same slug" });
    expect(await newestDraft(id)).toMatchObject({ slug, title: "Same slug" });
  });
});
