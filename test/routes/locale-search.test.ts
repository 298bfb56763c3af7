import { describe, expect, it } from "vitest";
import { call, service, source, translate } from "./translated-site";
import { editor } from "../objects/room-client";

/* A translated collection's search answers one locale: `?locale=`, else the default. */

const search = async (query: string) => {
  const res = await call("GET", `/api/cms/pages/search?${query}`);
  return { status: res.status, body: (await res.json()) as { items?: { id: number }[]; code?: string } };
};

describe("per-locale search", () => {
  it("finds the records of the locale asked for, the default locale's when none is, and refuses an undeclared one", async () => {
    const { id } = await source({ title: "Quokka services", body: "<p>We build quokka sites.</p>" });
    const de = await translate(id, "de", { title: "Quokka Leistungen", body: "<p>Wir bauen Quokka Seiten.</p>" });
    for (const record of [id, de]) expect((await call("POST", `/api/cms/pages/${record}/publish`, {})).status).toBe(200);

    expect((await search("q=quokka")).body.items?.map((hit) => hit.id)).toEqual([id]);
    expect((await search("q=quokka&locale=en")).body.items?.map((hit) => hit.id)).toEqual([id]);
    expect((await search("q=quokka&locale=de")).body.items?.map((hit) => hit.id)).toEqual([de]);
    expect((await search("q=seiten")).body.items).toEqual([]);
    expect((await search("q=quokka&locale=de-AT")).body.items).toEqual([]);
    expect(await search("q=quokka&locale=fr")).toMatchObject({ status: 400, body: { code: "unknown_locale" } });
    // The service binding searches the default locale, as the route does without one.
    expect(await service().search(editor("ed"), "pages", "quokka")).toMatchObject({ ok: true, value: [{ id }] });
    expect(((await service().search(editor("ed"), "pages", "quokka")) as { value: unknown[] }).value).toHaveLength(1);
  });
});
