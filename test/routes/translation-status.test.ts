import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { connect, editor, until } from "../objects/room-client";
import { call, source, translate } from "./translated-site";

/* A translation names the source version it was made from; the source moving on makes it outdated. */

const sourceVersionOf = async (id: number) =>
  (await env.DB.prepare("SELECT source_version_id AS v FROM pages_versions WHERE parent_id = ?1 ORDER BY id DESC LIMIT 1").bind(id).first<{ v: number | null }>())?.v;
const newestVersion = async (id: number) => (await env.DB.prepare("SELECT max(id) AS v FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ v: number }>())?.v;
const statusOf = async (id: number, locale: string) => {
  const list = (await (await call("GET", `/api/cms/pages/${id}/translations`)).json()) as { translations: { locale: string }[] };
  return list.translations.find((entry) => entry.locale === locale);
};

describe("translation status", () => {
  it("a translation is made from the source's current version and every draft write carries it forward", async () => {
    const { id } = await source();
    const made = await newestVersion(id);
    const de = await translate(id);
    expect(await sourceVersionOf(de)).toBe(made);
    expect(await statusOf(id, "de")).toEqual({ locale: "de", id: de, published: false, status: "up-to-date" });
    expect(await statusOf(id, "de-AT")).toEqual({ locale: "de-AT", id: null, published: false, status: "missing" });
    // Writes of the translation (REST, the room's own flush, a publish) never move it.
    expect((await call("PATCH", `/api/cms/pages/${de}`, { title: "Zweite Fassung" })).status).toBe(201);
    const ann = await connect(de, editor("ann"));
    ann.doc.getText("title").insert(0, "Live: ");
    await until(() => ann.acknowledged());
    ann.close();
    await until(async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1 AND version_data LIKE '%Live: %'").bind(de).first<{ n: number }>())!.n > 0);
    expect((await call("POST", `/api/cms/pages/${de}/publish`, {})).status).toBe(200);
    expect(await sourceVersionOf(de)).toBe(made);
    expect(await statusOf(id, "de")).toMatchObject({ status: "up-to-date", published: true });
  });

  it("is outdated after a source edit, names the two source versions, and is cleared by marking it up to date", async () => {
    const { id } = await source();
    const de = await translate(id);
    const from = await newestVersion(id);
    expect((await call("PATCH", `/api/cms/pages/${id}`, { title: "Our new services" })).status).toBe(201);
    const to = await newestVersion(id);
    expect(await statusOf(id, "de")).toEqual({ locale: "de", id: de, published: false, status: "outdated", sourceVersions: { from, to } });
    // The translation's own edit does not make it up to date.
    expect((await call("PATCH", `/api/cms/pages/${de}`, { title: "Unsere neuen Leistungen" })).status).toBe(201);
    expect(await statusOf(id, "de")).toMatchObject({ status: "outdated" });

    const marked = await call("POST", `/api/cms/pages/${id}/translations/de/up-to-date`);
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ id: de, locale: "de", sourceVersionId: to });
    expect(await statusOf(id, "de")).toEqual({ locale: "de", id: de, published: false, status: "up-to-date" });
    // A source publish makes no newer version: still up to date.
    expect((await call("POST", `/api/cms/pages/${id}/publish`, {})).status).toBe(200);
    expect(await statusOf(de, "de")).toMatchObject({ status: "up-to-date" });

    for (const [path, status] of [[`/api/cms/pages/${id}/translations/de-AT/up-to-date`, 404], [`/api/cms/pages/${id}/translations/fr/up-to-date`, 400], [`/api/cms/pages/${id}/translations/en/up-to-date`, 404]] as const) {
      expect((await call("POST", path)).status, path).toBe(status);
    }
  });
});
