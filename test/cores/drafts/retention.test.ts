import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { defineCollection } from "../../../src/cores/collection";
import { applyPublish, applyRestore, applySaveDraft, type DraftDeps } from "../../../src/cores/drafts";
import { pagesCollection } from "../../../src/site/collections";
import { EDITOR, PUBLISHER } from "../../helpers/http";
import { deps, newPage, versionRows } from "./helpers";

function keeping(maxPerDoc: number | undefined): DraftDeps {
  const versions = maxPerDoc === undefined ? { drafts: true } : { drafts: true, maxPerDoc };
  return { ...deps, config: defineCollection({ ...pagesCollection, versions }) };
}

async function save(d: DraftDeps, id: number, title: string): Promise<number> {
  return (await applySaveDraft(env, d, EDITOR, id, { title })).versionId;
}

describe("version retention (versions.maxPerDoc)", () => {
  it("keeps the pending draft plus maxPerDoc older drafts and prunes the rest on save", async () => {
    const d = keeping(3);
    const id = await newPage();
    const v: number[] = [];
    for (let i = 0; i < 6; i++) v.push(await save(d, id, `t${i}`));

    expect((await versionRows(id)).map((r) => r.id)).toEqual(v.slice(2));
  });

  it("never prunes a version that is or was published, nor the live one", async () => {
    const d = keeping(2);
    const id = await newPage();
    const first = await save(d, id, "first");
    await applyPublish(env, d, PUBLISHER, id);
    const second = await save(d, id, "second");
    await applyPublish(env, d, PUBLISHER, id);
    await applyRestore(env, d, PUBLISHER, id, first);
    const later: number[] = [];
    for (let i = 0; i < 5; i++) later.push(await save(d, id, `later ${i}`));

    const rows = await versionRows(id);
    expect(rows.map((r) => r.id)).toEqual([first, second, ...later.slice(2)]);
    expect(rows.slice(0, 2).map((r) => r.status)).toEqual(["published", "published"]);
  });

  it("never prunes the version the pointer names, even one still marked draft (rows written by other paths)", async () => {
    const d = keeping(1);
    const id = await newPage();
    const pointed = await save(d, id, "pointed");
    await env.DB.prepare("UPDATE pages SET published_version_id = ?1 WHERE id = ?2").bind(pointed, id).run();
    for (let i = 0; i < 4; i++) await save(d, id, `next ${i}`);

    const rows = await versionRows(id);
    expect(rows[0]).toMatchObject({ id: pointed, status: "draft" });
    expect(rows).toHaveLength(3);
  });

  it("counts superseded drafts left by a publish, and prunes them first as the oldest", async () => {
    const d = keeping(1);
    const id = await newPage();
    const old = await save(d, id, "old");
    const live = await save(d, id, "live");
    await applyPublish(env, d, PUBLISHER, id);
    expect((await versionRows(id)).map((r) => [r.id, r.status])).toEqual([[old, "superseded"], [live, "published"]]);
    const a1 = await save(d, id, "a1");
    const a2 = await save(d, id, "a2");

    expect((await versionRows(id)).map((r) => [r.id, r.status])).toEqual([
      [live, "published"],
      [a1, "draft"],
      [a2, "draft"],
    ]);
  });

  it("keeps 100 older drafts by default", async () => {
    const d = keeping(undefined);
    const id = await newPage();
    const v: number[] = [];
    for (let i = 0; i < 103; i++) v.push(await save(d, id, `t${i}`));

    const rows = await versionRows(id);
    expect(rows).toHaveLength(101);
    expect(rows[0]!.id).toBe(v[2]);
  });
});
