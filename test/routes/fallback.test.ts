import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import { isEmptyValue, readTranslated, readWithFallback } from "../../src/cores/translations/read-translated";
import { pages } from "../../src/tables/pages";
import { call, cms, source, translate } from "./translated-site";

/* A field a translation leaves empty is read along its chain (de-AT → de → en), never written into it. */

const deps = cms.registry.draftDeps("pages", undefined)!;
const publish = async (id: number) => expect((await call("POST", `/api/cms/pages/${id}/publish`, {})).status).toBe(200);
const read = async (id: number) => (await (await call("GET", `/api/cms/pages/${id}`)).json()) as Record<string, unknown>;

describe("fallback at read time", () => {
  it("tells empty values from content", () => {
    for (const empty of [null, undefined, "", "  ", "<p></p>", "<p> &nbsp;</p>", []]) expect(isEmptyValue(empty), JSON.stringify(empty)).toBe(true);
    for (const full of ["x", "<p>x</p>", '<p><img src="/media/a.png"></p>', [{ type: "hero" }], 0, false]) expect(isEmptyValue(full), JSON.stringify(full)).toBe(false);
    expect(readWithFallback({ title: "Hallo", body: "" }, [{ locale: "de", row: { body: "" } }, { locale: "en", row: { title: "Hello", body: "<p>Hi</p>" } }], ["title", "body"])).toEqual({
      row: { title: "Hallo", body: "<p>Hi</p>" },
      fallbacks: { body: "en" },
    });
  });

  it("the record read fills a translation's empty field from the next locale of its chain and says which, without writing it", async () => {
    const { id } = await source();
    const de = await translate(id, "de", { title: "Unsere Leistungen", body: "" });
    await publish(de);
    expect(await read(de)).toMatchObject({ title: "Unsere Leistungen", body: "<p>We build sites.</p>", fallbacks: { body: "en" } });
    expect((await getRow(env.DB, tableMeta(pages), de))?.body).toBe("");

    const at = await translate(id, "de-AT", { title: "Unsere Leistungen (AT)", body: "" });
    await publish(at);
    expect(await read(at)).toMatchObject({ body: "<p>We build sites.</p>", fallbacks: { body: "en" } });
    expect((await call("PATCH", `/api/cms/pages/${de}`, { body: "<p>Wir bauen Seiten.</p>" })).status).toBe(201);
    await publish(de);
    expect(await read(at)).toMatchObject({ title: "Unsere Leistungen (AT)", body: "<p>Wir bauen Seiten.</p>", fallbacks: { body: "de" } });
    expect(await read(de)).toMatchObject({ body: "<p>Wir bauen Seiten.</p>", fallbacks: {} });
    // A source is read as it is.
    expect(await read(id)).not.toHaveProperty("fallbacks");
  });

  it("a visitor's read (live) skips a locale whose translation is not published", async () => {
    const { id } = await source();
    await publish(id);
    const de = await translate(id, "de", { title: "Entwurf", body: "<p>Nur Entwurf</p>" });
    const at = await translate(id, "de-AT", { title: "Servus", body: "" });
    await publish(at);
    const row = (await getRow(env.DB, tableMeta(pages), at))!;
    expect(await readTranslated(env.DB, deps, cms.registry.languages, row, "live")).toMatchObject({ row: { title: "Servus", body: "<p>We build sites.</p>" }, fallbacks: { body: "en" } });
    await publish(de);
    expect(await readTranslated(env.DB, deps, cms.registry.languages, row, "live")).toMatchObject({ row: { body: "<p>Nur Entwurf</p>" }, fallbacks: { body: "de" } });
  });
});
