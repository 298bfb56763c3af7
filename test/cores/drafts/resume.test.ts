import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyPublish, applySaveDraft, latestDraftBody, latestDraftSections, loadEditableDocument } from "../../../src/cores/drafts";
import { EDITOR, PUBLISHER } from "../../helpers/http";
import { deps, liveRow, newPage } from "./helpers";

const HERO = [{ type: "hero", heading: "Draft heading" }];

describe("edit-mode resume", () => {
  it("renders the newest pending draft laid over the live row", async () => {
    const id = await newPage({ title: "Live" });
    await applySaveDraft(env, deps, EDITOR, id, { title: "Draft 1" });
    const newest = await applySaveDraft(env, deps, EDITOR, id, { sections: HERO, body: "<p>Draft body</p>" });
    const live = await liveRow(id);

    const editable = await loadEditableDocument(env.DB, deps, id);

    expect(editable).toEqual({
      pendingVersionId: newest.versionId,
      versionId: newest.versionId,
      document: expect.objectContaining({ id, slug: live.slug, title: "Draft 1", body: "<p>Draft body</p>", sections: HERO, publishedVersionId: null }),
    });
    expect(await latestDraftSections(env.DB, deps, id)).toEqual(HERO);
    expect(await latestDraftBody(env.DB, deps, id)).toBe("<p>Draft body</p>");
  });

  it("renders the live row when nothing is pending", async () => {
    const id = await newPage({ title: "Live", body: "<p>Live body</p>", sections: [{ type: "hero", heading: "Live" }] });

    expect(await loadEditableDocument(env.DB, deps, id)).toMatchObject({ pendingVersionId: null, document: { id, title: "Live" } });
    expect(await latestDraftBody(env.DB, deps, id)).toBe("<p>Live body</p>");
    expect(await latestDraftSections(env.DB, deps, id)).toEqual([{ type: "hero", heading: "Live" }]);
  });

  it("goes back to the live row once the draft is published", async () => {
    const id = await newPage();
    await applySaveDraft(env, deps, EDITOR, id, { body: "<p>Now live</p>" });
    await applyPublish(env, deps, PUBLISHER, id);

    expect(await loadEditableDocument(env.DB, deps, id)).toMatchObject({ pendingVersionId: null, document: { body: "<p>Now live</p>" } });
  });

  it("answers null for a page that does not exist", async () => {
    expect(await loadEditableDocument(env.DB, deps, 987654321)).toBeNull();
    expect(await latestDraftSections(env.DB, deps, 987654321)).toBeNull();
    expect(await latestDraftBody(env.DB, deps, 987654321)).toBeNull();
  });
});
