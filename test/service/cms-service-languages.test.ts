import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { editor } from "../objects/room-client";
import { call, service, source, translate } from "../routes/translated-site";

/* The service binding reads, lists and writes translations with the same rules as REST. */

const ed = editor("ed", true);
const countOf = async (sourceId: number) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM pages WHERE source_id = ?1").bind(sourceId).first<{ n: number }>())!.n;

describe("CmsService and languages", () => {
  it("readPage with a locale reads the translation's draft with the source's shared fields and its fallbacks", async () => {
    const { id, slug } = await source();
    const de = await translate(id, "de", { title: "Unsere Leistungen", body: "" });
    expect((await call("PATCH", `/api/cms/pages/${id}`, { sections: [{ type: "hero", heading: "Newer at the source" }] })).status).toBe(201);
    const read = await service().readPage(ed, "pages", id, { locale: "de" });
    expect(read).toMatchObject({ ok: true, value: { document: { id: de, locale: "de", slug, title: "Unsere Leistungen", body: "<p>We build sites.</p>", sections: [{ heading: "Newer at the source" }] }, fallbacks: { body: "en" } } });
    expect(await service().readPage(ed, "pages", de)).toMatchObject({ ok: true, value: { document: { id: de }, fallbacks: { body: "en" } } });
    expect(await service().readPage(ed, "pages", id, { locale: "de-AT" })).toMatchObject({ ok: false, status: 404 });
    expect(await service().readPage(ed, "pages", id, { locale: "fr" })).toMatchObject({ ok: false, status: 400, code: "unknown_locale" });
    expect(await service().readPage(ed, "pages", id)).toMatchObject({ ok: true, value: { document: { id, title: "Our services" } } });
  });

  it("listTranslations answers each locale's status", async () => {
    const { id } = await source();
    const de = await translate(id);
    expect(await service().listTranslations(ed, "pages", de)).toEqual({
      ok: true,
      value: { source: id, translations: [{ locale: "en", id, published: false, status: "up-to-date" }, { locale: "de", id: de, published: false, status: "up-to-date" }, { locale: "de-AT", id: null, published: false, status: "missing" }] },
    });
  });

  it("saveDraft with a locale makes the translation from the source once, refuses shared fields, and a refused first write leaves nothing", async () => {
    const { id, slug } = await source();
    expect(await service().saveDraft(ed, "pages", id, { title: "Neu", slug: "neu" }, { locale: "de" })).toMatchObject({ ok: false, status: 403, code: "shared_field", details: { source: { id, address: `/${slug}` } } });
    expect(await service().saveDraft(ed, "pages", id, { title: "x".repeat(201) }, { locale: "de" })).toMatchObject({ ok: false, status: 422 });
    expect(await countOf(id)).toBe(0);
    const made = await service().saveDraft(ed, "pages", id, { title: "Unsere Leistungen" }, { locale: "de" });
    expect(made).toMatchObject({ ok: true, value: { locale: "de", sourceId: id, snapshot: { title: "Unsere Leistungen", slug } } });
    const de = made.ok ? made.value.id! : 0;
    const again = await service().saveDraft(ed, "pages", id, { body: "<p>Wir bauen Seiten.</p>" }, { locale: "de" });
    expect(again).toMatchObject({ ok: true, value: { snapshot: { title: "Unsere Leistungen", body: "<p>Wir bauen Seiten.</p>" } } });
    expect(again.ok && again.value).not.toHaveProperty("locale");
    expect(await countOf(id)).toBe(1);
    expect(await service().readPage(ed, "pages", de)).toMatchObject({ ok: true, value: { document: { body: "<p>Wir bauen Seiten.</p>" } } });
  });
});
