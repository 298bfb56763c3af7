import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyPublish, applyRestore, applySaveDraft, applyUnpublish, listVersions, loadEditableDocument } from "../../../src/cores/drafts";
import { EDITOR, PUBLISHER } from "../../helpers/http";
import { deps, liveRow, newPage, uniqueWord, versionRows } from "./helpers";

async function states(id: number): Promise<Record<number, string>> {
  const list = await listVersions(env.DB, deps, id, { limit: 100, cursor: null });
  return Object.fromEntries(list!.items.map((v) => [v.id, v.state]));
}

describe("publish and restore histories", () => {
  it("two saves then publish without versionId promotes the newer", async () => {
    const id = await newPage();
    const older = await applySaveDraft(env, deps, EDITOR, id, { title: "Older" });
    const newer = await applySaveDraft(env, deps, EDITOR, id, { body: "<p>Newer</p>" });

    await applyPublish(env, deps, PUBLISHER, id);

    expect(await liveRow(id)).toMatchObject({ title: "Older", body: "<p>Newer</p>", published_version_id: newer.versionId });
    expect(await states(id)).toEqual({ [older.versionId]: "superseded", [newer.versionId]: "published" });
  });

  it("publishing version 3 after version 5 leaves 4 and 5 superseded and never resumed", async () => {
    const id = await newPage();
    const v: number[] = [];
    for (const title of ["v1", "v2", "v3", "v4", "v5"]) v.push((await applySaveDraft(env, deps, EDITOR, id, { title })).versionId);
    await applyPublish(env, deps, PUBLISHER, id);
    expect((await liveRow(id)).published_version_id).toBe(v[4]);

    await applyRestore(env, deps, PUBLISHER, id, v[2]!);

    expect(await liveRow(id)).toMatchObject({ title: "v3", published_version_id: v[2] });
    const marks = await states(id);
    expect([marks[v[3]!], marks[v[4]!], marks[v[2]!]]).toEqual(["superseded", "superseded", "published"]);
    expect(await loadEditableDocument(env.DB, deps, id)).toMatchObject({ pendingVersionId: null, document: { title: "v3" } });
    await expect(applyPublish(env, deps, PUBLISHER, id)).rejects.toMatchObject({ status: 409 });
    const next = await applySaveDraft(env, deps, EDITOR, id, { body: "<p>after restore</p>" });
    expect(next.snapshot).toMatchObject({ title: "v3", body: "<p>after restore</p>" });
  });

  it("unpublish, then save, then publish: the save builds on the live row, not on old drafts", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Old draft" });
    await applySaveDraft(env, deps, EDITOR, id, { title: "Published" });
    await applyPublish(env, deps, PUBLISHER, id);

    await applyUnpublish(env, deps, PUBLISHER, id);
    expect(await loadEditableDocument(env.DB, deps, id)).toMatchObject({ pendingVersionId: null, document: { title: "Published" } });
    const saved = await applySaveDraft(env, deps, EDITOR, id, { body: "<p>Back</p>" });
    const result = await applyPublish(env, deps, PUBLISHER, id);

    expect(result.versionId).toBe(saved.versionId);
    expect(await liveRow(id)).toMatchObject({ title: "Published", body: "<p>Back</p>", published_version_id: saved.versionId });
  });

  it("unpublish never revives a draft at or below the old pointer, even one still marked draft", async () => {
    const id = await newPage();
    const legacy = await applySaveDraft(env, deps, EDITOR, id, { title: "Legacy draft" });
    await env.DB.prepare("UPDATE pages SET published_version_id = ?1 WHERE id = ?2").bind(legacy.versionId, id).run();

    await applyUnpublish(env, deps, PUBLISHER, id);

    expect((await loadEditableDocument(env.DB, deps, id))?.pendingVersionId).toBeNull();
    expect(await states(id)).toEqual({ [legacy.versionId]: "superseded" });
  });

  it("publishing an older pending draft by id leaves newer drafts pending", async () => {
    const id = await newPage();
    const a = await applySaveDraft(env, deps, EDITOR, id, { title: "A" });
    const b = await applySaveDraft(env, deps, EDITOR, id, { title: "B" });

    await applyPublish(env, deps, PUBLISHER, id, { versionId: a.versionId });

    expect(await states(id)).toEqual({ [a.versionId]: "published", [b.versionId]: "pending" });
    expect((await loadEditableDocument(env.DB, deps, id))?.pendingVersionId).toBe(b.versionId);
  });

  it("lists versions newest first and pages through them", async () => {
    const id = await newPage();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await applySaveDraft(env, deps, EDITOR, id, { title: `t${i}` })).versionId);

    const first = await listVersions(env.DB, deps, id, { limit: 3, cursor: null });
    const second = await listVersions(env.DB, deps, id, { limit: 3, cursor: Number(first!.next) });

    expect(first!.items.map((v) => v.id)).toEqual(ids.slice(2).reverse());
    expect(second).toMatchObject({ next: null });
    expect(second!.items.map((v) => v.id)).toEqual(ids.slice(0, 2).reverse());
    expect(first!.items[0]).toMatchObject({ parentId: id, status: "draft", state: "pending", createdBy: EDITOR.id, versionData: { title: "t4" } });
    expect(await listVersions(env.DB, deps, 987654321, { limit: 3, cursor: null })).toBeNull();
  });

  it("20 concurrent saves leave a consistent history: each version is its edit over the one before it", async () => {
    const id = await newPage();
    const edits = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? { title: `title ${i}` } : { body: `<p>body ${i}</p>` }));

    const saved = await Promise.all(edits.map((edit) => applySaveDraft(env, deps, EDITOR, id, edit)));

    const rows = await versionRows(id);
    expect(rows).toHaveLength(20);
    expect(new Set(saved.map((s) => s.versionId)).size).toBe(20);
    const editOf = new Map(saved.map((s, i) => [s.versionId, edits[i]!]));
    let previous: Record<string, unknown> = { slug: (await liveRow(id)).slug, title: "Original title", body: "<p>Original</p>", sections: [] };
    for (const row of rows) {
      expect(row.status).toBe("draft");
      expect(row.data).toEqual({ ...previous, ...editOf.get(row.id) });
      previous = row.data;
    }
    expect((await loadEditableDocument(env.DB, deps, id))?.pendingVersionId).toBe(rows.at(-1)!.id);
  });
});

describe("access and bad input", () => {
  it("publish and unpublish need access.publish (403) and change nothing", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Draft" });
    await expect(applyPublish(env, deps, EDITOR, id)).rejects.toMatchObject({ status: 403 });
    expect((await liveRow(id)).published_version_id).toBeNull();

    await applyPublish(env, deps, PUBLISHER, id);
    await expect(applyUnpublish(env, deps, EDITOR, id)).rejects.toMatchObject({ status: 403 });
    expect((await liveRow(id)).published_version_id).not.toBeNull();
  });

  it("an unknown page is a 404 for save, publish and unpublish", async () => {
    await expect(applySaveDraft(env, deps, EDITOR, 987654321, { title: "x" })).rejects.toMatchObject({ status: 404 });
    await expect(applyPublish(env, deps, PUBLISHER, 987654321)).rejects.toMatchObject({ status: 404 });
    await expect(applyUnpublish(env, deps, PUBLISHER, 987654321)).rejects.toMatchObject({ status: 404 });
  });

  it("an unknown versionId or another page's version is a 404", async () => {
    const id = await newPage();
    const other = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Mine" });
    const theirs = await applySaveDraft(env, deps, EDITOR, other, { title: "Theirs" });

    await expect(applyPublish(env, deps, PUBLISHER, id, { versionId: theirs.versionId })).rejects.toMatchObject({ status: 404 });
    await expect(applyPublish(env, deps, PUBLISHER, id, { versionId: 987654321 })).rejects.toMatchObject({ status: 404 });
    expect((await liveRow(id)).published_version_id).toBeNull();
    expect((await versionRows(other))[0]!.status).toBe("draft");
  });

  it("unpublishing a page that is not published is a 409", async () => {
    const id = await newPage();
    await expect(applyUnpublish(env, deps, PUBLISHER, id)).rejects.toMatchObject({ status: 409, code: "not_published" });
  });

  it("publishing a draft whose slug another page holds is a 409 and changes nothing", async () => {
    const taken = uniqueWord("taken-");
    await newPage({ slug: taken });
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { slug: taken });
    const before = await liveRow(id);

    await expect(applyPublish(env, deps, PUBLISHER, id)).rejects.toMatchObject({ status: 409, code: "conflict" });
    expect(await liveRow(id)).toEqual(before);
    expect((await versionRows(id))[0]!.status).toBe("draft");
  });

  it("a slug is unique within its locale: a translation publishes the slug its source holds, a second page in that locale may not", async () => {
    const slug = uniqueWord("shared-");
    const source = await newPage({ slug });
    const translation = await newPage();
    const other = await newPage();
    await env.DB.prepare("UPDATE pages SET locale = 'de', source_id = ?1 WHERE id = ?2").bind(source, translation).run();
    await env.DB.prepare("UPDATE pages SET locale = 'de' WHERE id = ?1").bind(other).run();

    await applySaveDraft(env, deps, EDITOR, translation, { slug });
    await applyPublish(env, deps, PUBLISHER, translation);
    expect(await liveRow(translation)).toMatchObject({ slug, locale: "de" });

    await applySaveDraft(env, deps, EDITOR, other, { slug });
    await expect(applyPublish(env, deps, PUBLISHER, other)).rejects.toMatchObject({ status: 409, code: "conflict" });
  });
});
