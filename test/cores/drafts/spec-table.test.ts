import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyPublish, applySaveDraft, applyUnpublish, loadEditableDocument } from "../../../src/cores/drafts";
import { defineCollection } from "../../../src/cores/collection";
import { HttpError } from "../../../src/shared/errors";
import { pagesCollection } from "../../../src/site/collections";
import { EDITOR, PUBLISHER } from "../../helpers/http";
import { deps, liveRow, newPage, versionRows } from "./helpers";

/* SPEC §3 "Page draft and publish": one test per table row, on real D1. */

describe("SPEC §3: Live row, no pending draft → Save draft (collection has versions.drafts)", () => {
  it("adds a version row with status draft and a full snapshot, and leaves the live row untouched", async () => {
    const id = await newPage({ title: "Live title" });
    const before = await liveRow(id);

    const saved = await applySaveDraft(env, deps, EDITOR, id, { title: "Draft title" });

    const rows = await versionRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: saved.versionId, status: "draft" });
    expect(rows[0]!.data).toEqual({ slug: before.slug, title: "Draft title", body: "<p>Original</p>", sections: [] });
    expect(saved.snapshot).toEqual(rows[0]!.data);
    expect(await liveRow(id)).toEqual(before);
    expect((await loadEditableDocument(env.DB, deps, id))?.pendingVersionId).toBe(saved.versionId);
  });

  it("is refused when the collection does not have versions.drafts, and writes nothing", async () => {
    const id = await newPage();
    const noDrafts = { ...deps, config: defineCollection({ ...pagesCollection, versions: { drafts: false } }) };

    await expect(applySaveDraft(env, noDrafts, EDITOR, id, { title: "x" })).rejects.toMatchObject({ status: 409, code: "drafts_disabled" });
    expect(await versionRows(id)).toEqual([]);
  });
});

describe("SPEC §3: Any → Save draft (always)", () => {
  it("merges the edit over the newest pending draft", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "First edit" });
    const second = await applySaveDraft(env, deps, EDITOR, id, { body: "<p>Second edit</p>" });

    expect(second.snapshot).toMatchObject({ title: "First edit", body: "<p>Second edit</p>" });
  });

  it("merges over the live row when nothing is pending (superseded drafts are ignored)", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Published title" });
    await applySaveDraft(env, deps, EDITOR, id, { body: "<p>Published body</p>" });
    await applyPublish(env, deps, PUBLISHER, id);
    await env.DB.prepare("UPDATE pages SET title = 'Live changed' WHERE id = ?1").bind(id).run();

    const next = await applySaveDraft(env, deps, EDITOR, id, { body: "<p>New body</p>" });

    expect(next.snapshot).toMatchObject({ title: "Live changed", body: "<p>New body</p>" });
  });

  it("keeps only config fields of the edit, sanitizes rich fields and checks types", async () => {
    const id = await newPage();
    const saved = await applySaveDraft(env, deps, EDITOR, id, {
      title: "Kept",
      publishedVersionId: 999,
      id: 5,
      extra: "dropped",
      body: '<p onclick="x()">Hi<script>alert(1)</script></p>',
    });

    expect(Object.keys(saved.snapshot).sort()).toEqual(["body", "sections", "slug", "title"]);
    expect(saved.snapshot.body).toBe("<p>Hi</p>");
    expect((await liveRow(id)).published_version_id).toBeNull();
    await expect(applySaveDraft(env, deps, EDITOR, id, { title: 42 })).rejects.toMatchObject({ status: 422 });
  });
});

describe("SPEC §3: Has pending draft → Publish with versionId (version exists)", () => {
  it("copies that snapshot onto the live row and sets published_version_id to its id", async () => {
    const id = await newPage();
    const first = await applySaveDraft(env, deps, EDITOR, id, { title: "Version A" });
    await applySaveDraft(env, deps, EDITOR, id, { title: "Version B" });

    const result = await applyPublish(env, deps, PUBLISHER, id, { versionId: first.versionId });

    const live = await liveRow(id);
    expect(live).toMatchObject({ title: "Version A", published_version_id: first.versionId });
    expect(result).toMatchObject({ versionId: first.versionId, page: { id, title: "Version A", publishedVersionId: first.versionId } });
  });

  it("runs full field validation: a failing snapshot is a 422 with violations and changes nothing", async () => {
    const id = await newPage();
    const draft = await applySaveDraft(env, deps, EDITOR, id, { title: "", sections: [{ type: "hero" }] });
    const before = await liveRow(id);
    const versionsBefore = await versionRows(id);

    const error = await applyPublish(env, deps, PUBLISHER, id, { versionId: draft.versionId }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422 });
    const paths = (error as { violations: { path: string }[] }).violations.map((v) => v.path);
    expect(paths).toContain("title");
    await expect(applyPublish(env, { ...deps, validate: undefined }, PUBLISHER, id, { versionId: draft.versionId })).rejects.toMatchObject({ status: 422 });
    expect(await liveRow(id)).toEqual(before);
    expect(await versionRows(id)).toEqual(versionsBefore);
  });

  it("runs the validate hook on the full snapshot (a section that is fine as a draft fails on publish)", async () => {
    const id = await newPage();
    const draft = await applySaveDraft(env, deps, EDITOR, id, { sections: [{ type: "hero" }] });

    const error = await applyPublish(env, deps, PUBLISHER, id, { versionId: draft.versionId }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 422, violations: [expect.objectContaining({ path: "sections.0.heading" })] });
    expect((await liveRow(id)).published_version_id).toBeNull();
  });
});

describe("SPEC §3: Has pending draft → Publish without versionId (always)", () => {
  it("promotes the newest pending draft", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Older" });
    const newest = await applySaveDraft(env, deps, EDITOR, id, { title: "Newest" });

    const result = await applyPublish(env, deps, PUBLISHER, id);

    expect(result.versionId).toBe(newest.versionId);
    expect(await liveRow(id)).toMatchObject({ title: "Newest", published_version_id: newest.versionId });
  });

  it("never promotes a superseded draft: with nothing pending it is a 409 and nothing changes", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Published" });
    await applyPublish(env, deps, PUBLISHER, id);
    const before = await liveRow(id);

    const error = await applyPublish(env, deps, PUBLISHER, id).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 409, code: "nothing_pending" });
    expect((error as Error).message).toMatch(/no pending draft/);
    expect(await liveRow(id)).toEqual(before);
  });
});

describe("SPEC §3: Published → Unpublish (always)", () => {
  it("clears the pointer", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { title: "Live" });
    await applyPublish(env, deps, PUBLISHER, id);

    const result = await applyUnpublish(env, deps, PUBLISHER, id);

    expect((await liveRow(id)).published_version_id).toBeNull();
    expect(result.page).toMatchObject({ id, publishedVersionId: null });
  });
});

describe("SPEC §3: Published → Publish an older version (version exists)", () => {
  it("makes the older version live again: this is restore", async () => {
    const id = await newPage();
    const v1 = await applySaveDraft(env, deps, EDITOR, id, { title: "First" });
    await applyPublish(env, deps, PUBLISHER, id);
    const v2 = await applySaveDraft(env, deps, EDITOR, id, { title: "Second" });
    await applyPublish(env, deps, PUBLISHER, id);
    expect((await liveRow(id)).published_version_id).toBe(v2.versionId);

    await applyPublish(env, deps, PUBLISHER, id, { versionId: v1.versionId });

    expect(await liveRow(id)).toMatchObject({ title: "First", published_version_id: v1.versionId });
  });
});

describe("SPEC §3 notes", () => {
  it("older drafts stay in history after a publish, and superseded drafts are ignored when resuming", async () => {
    const id = await newPage();
    const a = await applySaveDraft(env, deps, EDITOR, id, { title: "A" });
    const b = await applySaveDraft(env, deps, EDITOR, id, { title: "B" });
    await applyPublish(env, deps, PUBLISHER, id);

    expect((await versionRows(id)).map((r) => r.id)).toEqual([a.versionId, b.versionId]);
    const editable = await loadEditableDocument(env.DB, deps, id);
    expect(editable).toMatchObject({ pendingVersionId: null, document: { title: "B" } });
  });
});
