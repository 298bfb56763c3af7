import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { EditorSession } from "../../src/shared/session";
import { ROOM_CLOSE, ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { seedDemo, seedEditor, signIn, SITE } from "./demo-helpers";

/*
 * An account scoped to a locale (`{ locales: ["de"] }`, issue 37) at every way in of the reference
 * site (`en` the default, `de`): it edits, publishes and shares German translations only, reads the
 * English sources it translates from, and touches no English record (so none of the fields the
 * translations share with them).
 */
const DE = { locales: ["de"] };
/* Addresses: a translation lives at `/de/<slug>`, its source at `/<slug>` (the sources made here are `/locale-scope-<n>`). */
const UNDER_DE = { paths: ["/de/"] };
const SOURCES = { paths: ["/locale-scope-"] };
const FR = { locales: ["fr"] };
const api = (path: string, cookie: string, init: RequestInit = {}) =>
  exports.default.fetch(`${SITE}${path}`, { ...init, headers: { cookie, origin: SITE, "content-type": "application/json", ...(init.headers as Record<string, string>) } });
const send = (method: string, path: string, cookie: string, body?: unknown) => api(path, cookie, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
const drafts = async (id: number) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM pages_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>())!.n;

let dee = "";
let ada = "";
let paul = "";
let sol = "";
let fra = "";
let counter = 0;

async function expectRefused(response: Response, code = "out_of_scope"): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(403);
  expect(await response.json()).toMatchObject({ code });
}

/* An English source made by the admin, and (unless `translated` is false) its German translation. */
async function family(translated = true): Promise<{ en: number; de: number }> {
  const made = await send("POST", "/api/cms/pages", ada, { slug: `locale-scope-${++counter}`, title: "Our services" });
  expect(made.status).toBe(201);
  const en = ((await made.json()) as { id: number }).id;
  if (!translated) return { en, de: 0 };
  const translation = await send("PATCH", `/api/cms/pages/${en}?locale=de`, ada, { title: "Unsere Leistungen" });
  expect(translation.status).toBe(201);
  return { en, de: ((await translation.json()) as { id: number }).id };
}

beforeAll(async () => {
  await seedDemo();
  await seedEditor("dee@demo.test", "publisher", DE);
  await seedEditor("ada@demo.test", "admin");
  await seedEditor("paul@demo.test", "publisher", UNDER_DE);
  await seedEditor("sol@demo.test", "publisher", SOURCES);
  await seedEditor("fra@demo.test", "editor", FR);
  [dee, ada, paul, sol, fra] = await Promise.all([signIn("dee@demo.test"), signIn("ada@demo.test"), signIn("paul@demo.test"), signIn("sol@demo.test"), signIn("fra@demo.test")]);
});

describe("an account scoped to de over REST and inline save", () => {
  it("reads an English source and its history, but writes, publishes, schedules and shares none of it; nothing is written", async () => {
    const { en } = await family(false);
    expect((await api(`/api/cms/pages/${en}`, dee)).status).toBe(200);
    expect((await api(`/api/cms/pages/${en}/versions`, dee)).status).toBe(200);
    const before = await drafts(en);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await expectRefused(await send("PATCH", `/api/cms/pages/${en}`, dee, { title: "Defaced" }));
    await expectRefused(await send("PATCH", `/api/cms/pages/${en}?locale=en`, dee, { slug: "defaced" }));
    await expectRefused(await send("POST", `/api/cms/pages/${en}/versions`, dee, { title: "Defaced" }));
    await expectRefused(await send("POST", "/api/cms/save", dee, { field: `pages:${en}:title`, value: "Defaced" }));
    await expectRefused(await send("POST", `/api/cms/pages/${en}/publish`, dee, {}));
    await expectRefused(await send("POST", `/api/cms/pages/${en}/publish`, dee, { at }));
    await expectRefused(await send("POST", `/api/cms/pages/${en}/unpublish`, dee));
    await expectRefused(await send("POST", "/api/cms/share-links", dee, { id: en }));
    // A new page is an English source: out of scope too.
    await expectRefused(await send("POST", "/api/cms/pages", dee, { slug: `dee-new-${++counter}`, title: "New" }));
    expect(await drafts(en)).toBe(before);
  });

  it("makes the German translation, saves it (REST, inline), publishes, schedules, shares and marks it up to date", async () => {
    const { en } = await family(false);
    const made = await send("PATCH", `/api/cms/pages/${en}?locale=de`, dee, { title: "Von Dee" });
    expect(made.status, await made.clone().text()).toBe(201);
    const de = ((await made.json()) as { id: number }).id;
    expect((await send("POST", `/api/cms/pages/${de}/versions`, dee, { title: "Zweite Fassung" })).status).toBe(201);
    expect((await send("POST", "/api/cms/save", dee, { field: `pages:${de}:title`, value: "Inline" })).status).toBe(204);
    expect((await send("POST", `/api/cms/pages/${en}/publish?locale=de`, dee, {})).status).toBe(200);
    expect((await send("POST", `/api/cms/pages/${de}/publish`, dee, { at: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(202);
    expect((await send("POST", "/api/cms/share-links", dee, { id: de })).status).toBe(201);
    expect((await send("POST", `/api/cms/pages/${en}/translations/de/up-to-date`, dee)).status).toBe(200);
  });
});

describe("a paths scope places a translation at its own address, /<locale>/<slug>", () => {
  it("a /de/ scope makes, reads, saves (REST, versions, inline), publishes and shares the German translation, and none of its source", async () => {
    const { en } = await family(false);
    await expectRefused(await api(`/api/cms/pages/${en}`, paul));
    const made = await send("PATCH", `/api/cms/pages/${en}?locale=de`, paul, { title: "Von Paul" });
    expect(made.status, await made.clone().text()).toBe(201);
    const de = ((await made.json()) as { id: number }).id;
    expect((await api(`/api/cms/pages/${de}`, paul)).status).toBe(200);
    expect((await api(`/api/cms/pages/${en}?locale=de`, paul)).status).toBe(200);
    expect((await api(`/api/cms/pages/${de}/versions`, paul)).status).toBe(200);
    await expectRefused(await api(`/api/cms/pages/${en}/versions`, paul));
    expect((await send("PATCH", `/api/cms/pages/${de}`, paul, { title: "Zweite" })).status).toBe(201);
    expect((await send("POST", `/api/cms/pages/${de}/versions`, paul, { title: "Dritte" })).status).toBe(201);
    expect((await send("POST", "/api/cms/save", paul, { field: `pages:${de}:title`, value: "Inline" })).status).toBe(204);
    expect((await send("POST", `/api/cms/pages/${en}/publish?locale=de`, paul, {})).status).toBe(200);
    expect((await send("POST", "/api/cms/share-links", paul, { id: de })).status).toBe(201);
    const before = await drafts(en);
    await expectRefused(await send("PATCH", `/api/cms/pages/${en}`, paul, { title: "Defaced" }));
    await expectRefused(await send("POST", "/api/cms/save", paul, { field: `pages:${en}:title`, value: "Defaced" }));
    await expectRefused(await send("POST", "/api/cms/share-links", paul, { id: en }));
    expect(await drafts(en)).toBe(before);
    // The site's pages: edit mode on the German page, the English one as a visitor sees it.
    const slug = ((await (await api(`/api/cms/pages/${de}`, ada)).json()) as { slug: string }).slug;
    expect(await (await api(`/de/${slug}`, paul)).text()).toContain("mountLouise");
    expect(await (await api(`/${slug}`, paul)).text()).not.toContain("mountLouise");
  });

  it("a scope of the sources' addresses does not cover their translations, not even one of the same slug", async () => {
    const { en, de } = await family();
    const slug = ((await (await api(`/api/cms/pages/${de}`, ada)).json()) as { slug: string }).slug;
    expect((await api(`/api/cms/pages/${en}`, ada)).status).toBe(200);
    expect(slug).toMatch(/^locale-scope-/);
    expect((await api(`/api/cms/pages/${en}`, sol)).status).toBe(200);
    await expectRefused(await api(`/api/cms/pages/${de}`, sol));
    await expectRefused(await api(`/api/cms/pages/${en}?locale=de`, sol));
    await expectRefused(await api(`/api/cms/pages/${de}/versions`, sol));
    await expectRefused(await api(`/api/cms/pages/${en}/versions?locale=de`, sol));
    const before = await drafts(de);
    await expectRefused(await send("PATCH", `/api/cms/pages/${en}?locale=de`, sol, { title: "Von Sol" }));
    await expectRefused(await send("POST", `/api/cms/pages/${de}/versions`, sol, { title: "Von Sol" }));
    await expectRefused(await send("POST", "/api/cms/save", sol, { field: `pages:${de}:title`, value: "Von Sol" }));
    await expectRefused(await send("POST", `/api/cms/pages/${de}/publish`, sol, {}));
    await expectRefused(await send("POST", "/api/cms/share-links", sol, { id: de }));
    expect(await drafts(de)).toBe(before);
    // Nor does it make one: a refused write leaves no translation behind.
    const { en: bare } = await family(false);
    await expectRefused(await send("POST", `/api/cms/pages/${bare}/versions?locale=de`, sol, {}));
    expect((await api(`/api/cms/pages/${bare}?locale=de`, ada)).status).toBe(404);
  });
});

describe("GET …/:id/translations shows a scoped account what it may read", () => {
  type Listing = { source: number; translations: { locale: string; id: number | null }[] };
  const listing = async (id: number, cookie: string) => {
    const response = await api(`/api/cms/pages/${id}/translations`, cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as Listing).translations.map((entry) => `${entry.locale}:${entry.id === null ? "missing" : entry.id}`);
  };

  it("answers 403 for a record the account may not read, as its GET does, and lists only the locales it may read", async () => {
    const { en, de } = await family();
    expect(await listing(en, ada)).toEqual([`en:${en}`, `de:${de}`]);
    // A translator into German reads the source it translates from, and its German translation.
    expect(await listing(de, dee)).toEqual([`en:${en}`, `de:${de}`]);
    // One into French reads the source, and not the German translation.
    expect(await listing(en, fra)).toEqual([`en:${en}`]);
    await expectRefused(await api(`/api/cms/pages/${de}/translations`, fra));
    // Addresses: /de/ reads the translation only; the sources' prefix the source only.
    await expectRefused(await api(`/api/cms/pages/${en}/translations`, paul));
    expect(await listing(de, paul)).toEqual([`de:${de}`]);
    expect(await listing(en, sol)).toEqual([`en:${en}`]);
    await expectRefused(await api(`/api/cms/pages/${de}/translations`, sol));
  });

  it("lists a missing locale only where the account could make its translation", async () => {
    const { en } = await family(false);
    expect(await listing(en, dee)).toEqual([`en:${en}`, "de:missing"]);
    expect(await listing(en, fra)).toEqual([`en:${en}`]);
    expect(await listing(en, sol)).toEqual([`en:${en}`]);
  });
});

describe("an account scoped to no language (locales: [])", () => {
  it("is stored and answered as the admin set it, and touches no record: no source, no translation, no listing", async () => {
    await seedEditor("nola@demo.test", "publisher");
    const { id } = (await env.DB.prepare("SELECT id FROM editors WHERE email = 'nola@demo.test'").first<{ id: number }>())!;
    const changed = await send("PATCH", `/api/cms/editors/${id}`, ada, { scopes: { locales: [] } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await changed.json()).toMatchObject({ id, scopes: { locales: [] } });
    const team = (await (await api("/api/cms/editors", ada)).json()) as { editors: { id: number; scopes: unknown }[] };
    expect(team.editors.find((editor) => editor.id === id)?.scopes).toEqual({ locales: [] });

    const nola = await signIn("nola@demo.test");
    const { en, de } = await family();
    const before = [await drafts(en), await drafts(de)];
    await expectRefused(await api(`/api/cms/pages/${en}`, nola));
    await expectRefused(await api(`/api/cms/pages/${en}/versions`, nola));
    await expectRefused(await api(`/api/cms/pages/${de}`, nola));
    await expectRefused(await api(`/api/cms/pages/${en}/translations`, nola));
    await expectRefused(await send("PATCH", `/api/cms/pages/${en}?locale=de`, nola, { title: "Von Nola" }));
    await expectRefused(await send("POST", "/api/cms/save", nola, { field: `pages:${de}:title`, value: "Von Nola" }));
    await expectRefused(await send("POST", "/api/cms/share-links", nola, { id: de }));
    expect([await drafts(en), await drafts(de)]).toEqual(before);
    const service = (exports as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>).CmsService!;
    const session: EditorSession = { id: String(id), email: "nola@demo.test", name: "Nola", roles: ["editor", "publisher"], access: { publish: true, scope: { locales: [] } } };
    expect(await service.readPage!(session, "pages", en)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service.listTranslations!(session, "pages", en)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
  });
});

describe("an account scoped to de through the service binding", () => {
  type Result = { ok: boolean; status?: number; code?: string; value?: { id?: number } };
  const service = () => (exports as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<Result>>>).CmsService!;
  const session: EditorSession = { id: "78", email: "svc-de@demo.test", name: "Svc", roles: ["editor", "publisher"], access: { publish: true, scope: DE } };

  it("writes and publishes the German translation only, and reads the English source", async () => {
    const { en, de } = await family();
    expect(await service().saveDraft!(session, "pages", en, { title: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().publish!(session, "pages", en)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().readPage!(session, "pages", en)).toMatchObject({ ok: true });
    expect(await service().saveDraft!(session, "pages", en, { title: "Vom Dienst" }, { locale: "de" })).toMatchObject({ ok: true });
    expect(await service().publish!(session, "pages", de)).toMatchObject({ ok: true });
  });

  it("holds a paths scope at a translation's own address, and lists translations as the caller's scope reads them", async () => {
    const { en, de } = await family();
    const underDe: EditorSession = { ...session, id: "79", access: { publish: true, scope: UNDER_DE } };
    const sources: EditorSession = { ...session, id: "80", access: { publish: true, scope: SOURCES } };
    expect(await service().saveDraft!(underDe, "pages", en, { title: "Vom Dienst" }, { locale: "de" })).toMatchObject({ ok: true });
    expect(await service().readPage!(underDe, "pages", en, { locale: "de" })).toMatchObject({ ok: true });
    expect(await service().saveDraft!(underDe, "pages", en, { title: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().saveDraft!(sources, "pages", de, { title: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    expect(await service().readPage!(sources, "pages", en, { locale: "de" })).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
    const listed = (await service().listTranslations!(underDe, "pages", de)) as unknown as { ok: boolean; value: { translations: { locale: string }[] } };
    expect(listed.value.translations.map((entry) => entry.locale)).toEqual(["de"]);
    expect(await service().listTranslations!(sources, "pages", de)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
  });
});

describe("an account scoped to de at the room's door", () => {
  const SYNC_STEP_1 = new Uint8Array([0, 0, 1, 0]);
  async function openSocket(id: number, cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
    const response = await exports.default.fetch(`${SITE}/parties/page-room/pages:${id}?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    ws.send(SYNC_STEP_1);
    const timer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), 500);
    void closed.then(() => clearInterval(timer));
    return { ws, closed };
  }
  const idOf = async (email: string) => (await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(email).first<{ id: number }>())!.id;
  /* The close code, or "still open" after `ms`: a generous bound on a hang, not on speed. */
  const closedWithin = (closed: Promise<number>, ms: number) => Promise.race([closed, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);

  it("is refused (4403) in the English source's room, admitted in the translation's, and closed (4409) when its locales narrow", async () => {
    const { en, de } = await family();
    expect(await closedWithin((await openSocket(en, dee)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);

    await seedEditor("deb@demo.test", "editor", DE);
    const deb = await signIn("deb@demo.test");
    const inside = await openSocket(de, deb);
    expect(await closedWithin(inside.closed, 1_000)).toBe("still open");
    // Through the team route, which tells the rooms holding the account's sockets at once.
    expect((await send("PATCH", `/api/cms/editors/${await idOf("deb@demo.test")}`, ada, { scopes: { locales: ["fr"] } })).status).toBe(200);
    expect(await closedWithin(inside.closed, 15_000)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    expect(await closedWithin((await openSocket(de, deb)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    await expectRefused(await send("POST", `/api/cms/pages/${de}/versions`, deb, { title: "Noch meins?" }));
  }, 60_000);

  it("places a translation's room at /<locale>/<slug>: a /de/ scope is admitted, a scope of the sources' addresses refused (4403), and closed (4409) when it narrows to them", async () => {
    const { en, de } = await family();
    expect(await closedWithin((await openSocket(en, paul)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    expect(await closedWithin((await openSocket(de, sol)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    await seedEditor("pat@demo.test", "editor", UNDER_DE);
    const pat = await signIn("pat@demo.test");
    const inside = await openSocket(de, pat);
    expect(await closedWithin(inside.closed, 1_000)).toBe("still open");
    expect((await send("PATCH", `/api/cms/editors/${await idOf("pat@demo.test")}`, ada, { scopes: SOURCES })).status).toBe(200);
    expect(await closedWithin(inside.closed, 15_000)).toBe(ROOM_CLOSE.ACCESS_CHANGED);
    expect(await closedWithin((await openSocket(de, pat)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
  }, 60_000);

  it("refuses an account scoped to no language (locales: []) in a source's and a translation's room (4403)", async () => {
    const { en, de } = await family();
    await seedEditor("noel@demo.test", "editor", { locales: [] });
    const noel = await signIn("noel@demo.test");
    expect(await closedWithin((await openSocket(en, noel)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
    expect(await closedWithin((await openSocket(de, noel)).closed, 15_000)).toBe(ROOM_CLOSE.OUT_OF_SCOPE);
  }, 60_000);
});
