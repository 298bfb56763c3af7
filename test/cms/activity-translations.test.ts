import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { newPage } from "../objects/room-client";
import { seedDemoEditors, signIn } from "../site/demo-helpers";
import { editorId, rowsAfter, site } from "./activity-helpers";

/* The activity of a site's languages, driven through the reference site (`en` and `de`). */

let pub: string;
let pubId: string;
beforeAll(async () => {
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  pubId = await editorId("pub@demo.test");
});

const asPub = (path: string, method: string, body?: unknown) => site(path, { method, cookie: pub, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe("translations in the activity", () => {
  it("marking a translation up to date records one translation.marked row on the translation", async () => {
    const id = await newPage({ title: "Our services" });
    const made = await asPub(`/api/cms/pages/${id}?locale=de`, "PATCH", { title: "Unsere Leistungen" });
    expect(made.status, await made.clone().text()).toBe(201);
    const de = (await made.json<{ id: number }>()).id;
    expect((await asPub(`/api/cms/pages/${id}`, "PATCH", { title: "Our new services" })).status).toBe(201);

    const marked = await asPub(`/api/cms/pages/${id}/translations/de/up-to-date`, "POST");
    expect(marked.status).toBe(200);
    const version = await env.DB.prepare("SELECT max(id) AS v FROM pages_versions WHERE parent_id = ?1").bind(de).first<{ v: number }>();
    const [row, ...more] = await rowsAfter(marked);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: "translation.marked", actor_id: pubId, collection: "pages", record_id: de, version_id: version!.v, request_id: marked.headers.get("x-request-id") });
    expect(JSON.parse(row!.detail)).toEqual({ title: "Unsere Leistungen", slug: expect.any(String), locale: "de" });
  });
});
