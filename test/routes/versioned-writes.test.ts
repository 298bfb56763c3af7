import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fragmentToHtml } from "../../src/cores/rich-text";
import { draftWriterFor } from "../../src/objects/room-client";
import { composeRoutes } from "../../src/routes/compose-routes";
import { pagesRoute } from "../../src/routes/pages-route";
import { runEditorRoute } from "../../src/routes/run-editor-route";
import { versionsRoute } from "../../src/routes/versions-route";
import { pagesCollection } from "../../src/site/collections";
import { pages, pagesVersions } from "../../src/tables/pages";
import { asEditor, request } from "../helpers/http";
import { headerResolver } from "../helpers/http";
import { connect, editor, newestDraft, until } from "../objects/room-client";

/* The reference site's pages as createCms mounts them: versions before CRUD, writes through the room. */
const api = composeRoutes(
  versionsRoute({ table: pages, versionsTable: pagesVersions, config: pagesCollection, resolveEditor: headerResolver, writer: draftWriterFor }),
  pagesRoute({ table: pages, versionsTable: pagesVersions, collection: pagesCollection, fields: ["slug", "title", "body", "sections"], resolveEditor: headerResolver, writer: draftWriterFor }),
);
const publisher = { "x-test-editor": "publisher" };
let counter = 0;

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = asEditor()) =>
  runEditorRoute(api, request(method, path, { ...(body === undefined ? {} : { body }), headers }), env);

async function create(fields: Record<string, unknown> = {}): Promise<{ id: number; etag: string }> {
  const res = await call("POST", "/api/cms/pages", { slug: `vw-${Date.now().toString(36)}-${++counter}`, title: "Created", body: "<p>First</p>", ...fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, etag: res.headers.get("etag") ?? "" };
}

function paragraph(text: string): Y.XmlElement {
  const element = new Y.XmlElement("paragraph");
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

describe("create and publish just work", () => {
  it("a created record has its content as its first pending version: publish right after create succeeds", async () => {
    const { id, etag } = await create({ title: "Fresh" });
    const history = await call("GET", `/api/cms/pages/${id}/versions`);
    const list = (await history.json()) as { items: { id: number; state: string; versionData: { title: string } }[] };
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ state: "pending", versionData: { title: "Fresh", body: "<p>First</p>" } });
    expect(etag).toBe(`"v${list.items[0]!.id}"`);

    const published = await call("POST", `/api/cms/pages/${id}/publish`, {}, publisher);
    expect(published.status, await published.clone().text()).toBe(200);
    expect(await published.json()).toMatchObject({ versionId: list.items[0]!.id, page: { title: "Fresh", publishedVersionId: list.items[0]!.id } });
  });

  it("a created record that breaks a unique rule writes neither row nor version", async () => {
    const { id } = await create({ slug: `taken-${Date.now().toString(36)}` });
    const row = (await (await call("GET", `/api/cms/pages/${id}`)).json()) as { slug: string };
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions").first<{ n: number }>();
    const again = await call("POST", "/api/cms/pages", { slug: row.slug, title: "Again" });
    expect(again.status).toBe(409);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions").first<{ n: number }>()).toEqual(before);
  });

  it("unpublish, then publish again with nothing pending, re-publishes the last published version", async () => {
    const { id } = await create({ title: "Again and again" });
    const first = (await (await call("POST", `/api/cms/pages/${id}/publish`, {}, publisher)).json()) as { versionId: number };
    expect((await call("POST", `/api/cms/pages/${id}/unpublish`, {}, publisher)).status).toBe(200);
    const again = await call("POST", `/api/cms/pages/${id}/publish`, {}, publisher);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({ versionId: first.versionId, page: { title: "Again and again", publishedVersionId: first.versionId } });
  });
});

describe("reads carry their version as an ETag; writes take it as If-Match", () => {
  it("the record and its versions carry the version they show", async () => {
    const { id, etag } = await create();
    expect((await call("GET", `/api/cms/pages/${id}`)).headers.get("etag")).toBe(etag);
    const saved = await call("PATCH", `/api/cms/pages/${id}`, { title: "Edited" });
    expect(saved.status).toBe(201);
    const { versionId } = (await saved.json()) as { versionId: number };
    expect(saved.headers.get("etag")).toBe(`"v${versionId}"`);
    expect((await call("GET", `/api/cms/pages/${id}/versions`)).headers.get("etag")).toBe(`"v${versionId}"`);
    // The row still shows the created version until a publish.
    expect((await call("GET", `/api/cms/pages/${id}`)).headers.get("etag")).toBe(etag);
  });

  it("If-Match names the base: a writer who saw the live paragraph may delete it, one who did not keeps it", async () => {
    const { id, etag } = await create({ body: "<p>First</p>" });
    const a = await connect(id, editor("ann"));
    a.doc.getXmlFragment("body").insert(1, [paragraph("live")]);
    await until(() => newestDraft(id).then((draft) => String(draft?.body).includes("live")));

    const blind = await call("POST", `/api/cms/pages/${id}/versions`, { body: "<p>First, edited</p>" }, asEditor({ "if-match": etag }));
    expect(blind.status).toBe(201);
    await until(() => fragmentToHtml(a.doc.getXmlFragment("body")) === "<p>First, edited</p><p>live</p>");

    const seen = (await call("GET", `/api/cms/pages/${id}/versions`)).headers.get("etag") ?? "";
    const informed = await call("PATCH", `/api/cms/pages/${id}`, { body: "<p>First, edited</p>" }, asEditor({ "if-match": seen }));
    expect(informed.status).toBe(201);
    await until(() => fragmentToHtml(a.doc.getXmlFragment("body")) === "<p>First, edited</p>");
    expect((await newestDraft(id))?.body).toBe("<p>First, edited</p>");
    a.close();
  });

  it.each([
    ["a malformed If-Match", { "if-match": "12" }, {}],
    ["a list of ETags", { "if-match": '"v1", "v2"' }, {}],
    ["If-Match and baseVersionId that disagree", { "if-match": '"v1"' }, { baseVersionId: 2 }],
  ])("refuses %s with 400 and writes nothing", async (_label, headers, extra) => {
    const { id } = await create();
    const res = await call("POST", `/api/cms/pages/${id}/versions`, { title: "never", ...extra }, asEditor(headers));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^(invalid_if_match|conflicting_base)$/) });
    expect((await newestDraft(id))?.title).toBe("Created");
  });
});
