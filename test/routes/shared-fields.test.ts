import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { insertRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import { pages } from "../../src/tables/pages";
import { connect, editor, newestDraft, until } from "../objects/room-client";
import { call, service, source, translate } from "./translated-site";

/* Shared fields (here `slug` and `sections`) are written on the source only, and read from it. */

const refusal = (sourceId: number, slug: string, fields: string[]) => ({ code: "shared_field", fields, source: { id: sourceId, address: `/${slug}` } });

describe("a shared field written to a translation", () => {
  it("is refused over REST (PATCH and versions POST, 403 shared_field naming the source), and nothing is written", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const before = await newestDraft(de);
    for (const [method, path] of [["PATCH", `/api/cms/pages/${de}`], ["POST", `/api/cms/pages/${de}/versions`], ["PATCH", `/api/cms/pages/${id}?locale=de`]] as const) {
      const res = await call(method, path, { title: "Neu", sections: [{ type: "hero", heading: "Andere" }] });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject(refusal(id, slug, ["sections"]));
    }
    expect(await newestDraft(de)).toEqual(before);
    // Sent back as the translation shows it, a shared field is no change.
    const shown = (await (await call("GET", `/api/cms/pages/${de}`)).json()) as Record<string, unknown>;
    expect((await call("PATCH", `/api/cms/pages/${de}`, { title: "Neu", slug: shown.slug, sections: shown.sections })).status).toBe(201);
  });

  it("making a translation with a shared field is refused and leaves no translation", async () => {
    const { id, slug } = await source();
    const res = await call("PATCH", `/api/cms/pages/${id}?locale=de`, { title: "Neu", slug: "neu" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject(refusal(id, slug, ["slug"]));
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM pages WHERE source_id = ?1").bind(id).first<{ n: number }>())?.n).toBe(0);
  });

  it("is refused by inline save (403 shared_field), a translated field is saved", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const res = await call("POST", "/api/cms/save", { field: `pages:${de}:sections.0.heading`, value: "Andere" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject(refusal(id, slug, ["sections"]));
    expect((await call("POST", "/api/cms/save", { field: `pages:${de}:title`, value: "Inline" })).status).toBe(204);
    expect(await newestDraft(de)).toMatchObject({ title: "Inline", sections: [{ heading: "Big heading" }] });
  });

  it("is refused by the service binding's saveDraft with the same error", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const answer = await service().saveDraft(editor("ed", true), "pages", de, { slug: "andere" });
    expect(answer).toMatchObject({ ok: false, status: 403, code: "shared_field", details: { fields: ["slug"], source: { id, address: `/${slug}` } } });
    expect(await service().saveDraft(editor("ed", true), "pages", de, { title: "Dienst" })).toMatchObject({ ok: true });
  });

  it("is refused in the translation's room (a refused event, then 4423) while the source's room takes it", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    const ann = await connect(de, editor("ann"));
    expect(ann.text("slug")).toBe(slug);
    ann.doc.getText("title").insert(0, "Ann: ");
    await until(() => ann.acknowledged());
    ann.doc.getText("slug").insert(slug.length, "-x");
    await until(() => ann.closed !== null);
    expect(ann.closed?.code).toBe(ROOM_CLOSE.READ_ONLY_FIELD);
    expect(ann.events.find((event) => event.type === "refused")).toMatchObject({ reason: expect.stringContaining("slug is shared across languages") });
    const bob = await connect(de, editor("bob"));
    expect(bob.text("slug")).toBe(slug);
    expect(bob.text("title")).toBe("Ann: Unsere Leistungen");
    bob.close();
    const en = await connect(id, editor("eve"));
    en.doc.getText("slug").insert(slug.length, "-x");
    await until(() => en.acknowledged());
    expect(en.closed).toBeNull();
    en.close();
  });
});

describe("a translation's shared fields are read from its source", () => {
  it("the REST record read and the room's seed take them from the source, not the translation's copy", async () => {
    const { id, slug } = await source();
    const de = await translate(id);
    expect((await call("PATCH", `/api/cms/pages/${id}`, { sections: [{ type: "hero", heading: "Changed at the source" }] })).status).toBe(201);
    await call("POST", `/api/cms/pages/${id}/publish`, {});
    const read = (await (await call("GET", `/api/cms/pages/${de}`)).json()) as Record<string, unknown>;
    expect(read).toMatchObject({ id: de, locale: "de", slug, title: "Our services", sections: [{ heading: "Changed at the source" }] });
    const viaLocale = (await (await call("GET", `/api/cms/pages/${id}?locale=de`)).json()) as Record<string, unknown>;
    expect(viaLocale).toMatchObject({ id: de, sections: [{ heading: "Changed at the source" }] });
  });

  it("a translation's room opens on the source's shared values, not its own copy", async () => {
    const { id, slug } = await source();
    // A translation whose stored copy differs from its source (as an import may leave it).
    const copy = await insertRow(env.DB, tableMeta(pages), { slug: `${slug}-copy`, title: "Kopie", locale: "de", sourceId: id, sections: [{ type: "hero", heading: "Stale copy" }] });
    const ann = await connect(copy.id as number, editor("ann"));
    expect(ann.text("slug")).toBe(slug);
    expect(ann.text("title")).toBe("Kopie");
    ann.close();
  });

  it("restoring a translation's version leaves the shared fields the source's", async () => {
    const { id, slug } = await source();
    const copy = await insertRow(env.DB, tableMeta(pages), { slug: `${slug}-copy`, title: "Kopie", locale: "de", sourceId: id });
    const old = await env.DB.prepare("INSERT INTO pages_versions (parent_id, status, version_data) VALUES (?1, 'draft', ?2) RETURNING id")
      .bind(copy.id, JSON.stringify({ slug: `${slug}-copy`, title: "Alte Fassung", body: "<p>Alt</p>", sections: [] }))
      .first<{ id: number }>();
    const ann = await connect(copy.id as number, editor("ann"));
    const res = await call("POST", `/api/cms/pages/${copy.id}/versions`, { restoreVersionId: old!.id });
    expect(res.status, await res.clone().text()).toBe(201);
    await until(() => ann.text("title") === "Alte Fassung");
    expect(ann.text("slug")).toBe(slug);
    expect(await newestDraft(copy.id as number)).toMatchObject({ title: "Alte Fassung" });
    ann.close();
  });
});
