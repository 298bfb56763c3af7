import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import type { siteCollections } from "../../src/site/cms";
import { admin, connect, editor, newPage, until } from "../objects/room-client";

/*
 * Calls go through the entrypoint src/worker.ts exports (`export const { PageRoom,
 * CmsService } = siteCms`), over real Workers RPC, as another site's service binding would.
 */
type Methods = "readPage" | "readPublished" | "listPublished" | "searchPublished" | "listVersions" | "saveDraft" | "publish" | "unpublish" | "cancelScheduledPublish" | "search" | "readSettings" | "patchSettings" | "listComments" | "addComment";

type SiteService = CmsServiceApi<typeof siteCollections>;

function service(): Pick<SiteService, Methods> {
  const entry = (exports as unknown as Record<string, unknown>).CmsService;
  if (!entry) throw new Error("src/worker.ts must export CmsService");
  return entry as Pick<SiteService, Methods>;
}

const ed = editor("ed");
const pat = editor("pat", true);
const ada = admin("ada");

describe("CmsService over RPC", () => {
  it("adds and lists a page's comment threads with the REST rules (offsets checked, scope enforced)", async () => {
    const id = await newPage({ title: "Served comments" });
    const writer = { ...ed, id: "77" };
    const added = await service().addComment(writer, "pages", id, { field: "title", from: 7, to: 15, text: "Wording?" });
    expect(added).toMatchObject({ ok: true, value: { quote: "comments", from: 7, to: 15, author: "77" } });
    expect(await service().listComments(writer, "pages", id)).toMatchObject({ ok: true, value: [{ text: "Wording?", quote: "comments" }] });
    expect(await service().addComment(writer, "pages", id, { field: "title", from: 7, to: 99, text: "x" })).toMatchObject({ ok: false, status: 400, code: "invalid_range" });
    const outside = { ...writer, access: { publish: false, scope: { paths: ["/blog-"] } } };
    expect(await service().listComments(outside, "pages", id)).toMatchObject({ ok: false, status: 403, code: "out_of_scope" });
  });

  it("names a comment's author by the caller's editor id, text ids included, as REST does", async () => {
    const id = await newPage({ title: "Served comments" });
    const caller = { ...ed, id: "access:sub-0f3a" };
    const added = await service().addComment(caller, "pages", id, { field: "title", from: 0, to: 6, text: "Wording?" });
    expect(added).toMatchObject({ ok: true, value: { quote: "Served", author: "access:sub-0f3a" } });
    expect(await service().listComments(caller, "pages", id)).toMatchObject({ ok: true, value: [{ author: "access:sub-0f3a" }] });
  });

  it("reads a page as edit mode shows it", async () => {
    const id = await newPage({ title: "Served" });
    const read = await service().readPage(ed, "pages", id);
    expect(read.ok && read.value.document.title).toBe("Served");
    const missing = await service().readPage(ed, "pages", 987654321);
    expect(missing).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses a call without a well-formed editor session (401)", async () => {
    const id = await newPage();
    const result = await service().saveDraft({ id: "", name: "x" } as never, "pages", id, { title: "x" });
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it("answers 404 for a collection the site did not declare, whatever a caller sends", async () => {
    const id = await newPage();
    for (const collection of ["posts", "__proto__", "constructor", "pages ", "📄", 42]) {
      const result = await service().readPage(ed, collection as never, id);
      expect(result, String(collection)).toMatchObject({ ok: false, status: 404, code: "unknown_collection" });
    }
  });

  it("saves a draft through the room, so live editors see it", async () => {
    const id = await newPage({ title: "Before" });
    const live = await connect(id, editor("ann"));
    const saved = await service().saveDraft(ed, "pages", id, { title: "After" });
    expect(saved.ok).toBe(true);
    await until(() => live.text("title") === "After");
    await until(() => live.events.some((e) => e.type === "saved"));
    live.close();
  });

  it("answers validation failures with 422 and violations", async () => {
    const id = await newPage();
    const result = await service().saveDraft(ed, "pages", id, { title: "x".repeat(500) });
    expect(result).toMatchObject({ ok: false, status: 422, details: { violations: [{ path: "title" }] } });
  });

  it("refuses a value nested past MAX_JSON_DEPTH with 422 too_deep, before it reaches the room", async () => {
    const id = await newPage();
    let deep: unknown = "leaf";
    for (let i = 0; i < 1_000; i++) deep = { a: deep };
    expect(await service().saveDraft(ed, "pages", id, { sections: deep })).toMatchObject({ ok: false, status: 422, code: "too_deep" });
    expect(await service().patchSettings(ada, { siteName: "x", custom: deep })).toMatchObject({ ok: false, status: 422, code: "too_deep" });
  });

  it("changes site settings only as an admin: an editor's and a publisher's declared roles are refused", async () => {
    expect(await service().patchSettings(ed, { siteName: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "forbidden_admin" });
    expect(await service().patchSettings(pat, { siteName: "Defaced" })).toMatchObject({ ok: false, status: 403, code: "forbidden_admin" });
    expect(await service().readSettings(ed)).toMatchObject({ ok: true, value: { siteName: expect.not.stringMatching("Defaced") } });
    expect(await service().patchSettings(ada, { siteName: "Service site" })).toMatchObject({ ok: true, value: { changed: ["siteName"] } });
  });

  it("publishes and unpublishes only with the publish privilege", async () => {
    const id = await newPage();
    await service().saveDraft(ed, "pages", id, { title: "To publish" });
    expect(await service().publish(ed, "pages", id)).toMatchObject({ ok: false, status: 403 });
    const published = await service().publish(pat, "pages", id);
    expect(published.ok).toBe(true);
    const row = await env.DB.prepare("SELECT title, published_version_id AS pointer FROM pages WHERE id = ?1").bind(id).first<{ title: string; pointer: number | null }>();
    expect(row?.title).toBe("To publish");
    expect((await service().unpublish(pat, "pages", id)).ok).toBe(true);
  });

  it("schedules a publish that the versions list shows, and cancels it", async () => {
    const id = await newPage();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(await service().publish(pat, "pages", id, { at })).toMatchObject({ ok: false, status: 409, code: "nothing_pending" });
    const draft = await service().saveDraft(ed, "pages", id, { title: "Later" });
    const versionId = draft.ok ? draft.value.versionId : null;
    expect(await service().publish(pat, "pages", id, { at })).toMatchObject({ ok: true, value: { scheduled: { at, versionId } } });
    expect(await service().listVersions(ed, "pages", id)).toMatchObject({ ok: true, value: { scheduled: { at, versionId } } });
    expect(await service().cancelScheduledPublish(pat, "pages", id)).toMatchObject({ ok: true, value: { cancelled: true } });
  });

  it("searches published pages and refuses a blank query", async () => {
    expect(await service().search(ed, "pages", "  ")).toMatchObject({ ok: false, status: 400 });
    const result = await service().search(ed, "pages", "anything", 500);
    expect(result.ok).toBe(true);
  });

  it("reads settings", async () => {
    expect((await service().readSettings(ed)).ok).toBe(true);
    expect(await service().readSettings(null as never)).toMatchObject({ ok: false, status: 401 });
  });

  it("gives other sites published reads without a session: a pending draft never shows", async () => {
    const id = await newPage({ title: `Reader live ${Date.now().toString(36)}` });
    const hidden = await newPage({ title: "Never published" });
    expect(await service().readPublished("pages", id)).toMatchObject({ ok: false, status: 404 });
    expect((await service().saveDraft(ed, "pages", id, { body: "<p>Published body</p>" })).ok).toBe(true);
    const published = await service().publish(pat, "pages", id, {});
    expect(published.ok, JSON.stringify(published)).toBe(true);
    const live = (await service().readPublished("pages", id)) as { ok: true; value: { title: string } };
    const title = live.value.title;
    expect((await service().saveDraft(ed, "pages", id, { title: "Pending draft title" })).ok).toBe(true);

    expect(await service().readPublished("pages", id)).toMatchObject({ ok: true, value: { id, title } });
    const edit = await service().readPage(ed, "pages", id);
    expect(edit).toMatchObject({ ok: true, value: { document: { title: "Pending draft title" }, versionId: expect.any(Number) } });
    expect(await service().readPage(null as never, "pages", id)).toMatchObject({ ok: false, status: 401 });

    const listed: Record<string, unknown>[] = [];
    for (let cursor: number | null = null, guard = 0; guard < 50; guard++) {
      const page = await service().listPublished("pages", { limit: 100, cursor });
      if (!page.ok) throw new Error(page.error);
      listed.push(...page.value.items);
      if (page.value.next === null) break;
      cursor = Number(page.value.next);
    }
    expect(listed.find((row) => row.id === id)).toMatchObject({ title });
    expect(listed.some((row) => row.id === hidden)).toBe(false);
    const hits = await service().searchPublished("pages", "Pending");
    expect(hits.ok && hits.value.some((hit) => (hit as { id?: unknown }).id === id)).toBe(false);
    expect(await service().readPublished("pages", hidden)).toMatchObject({ ok: false, status: 404 });
    expect(await service().listPublished("pages", { limit: "x" as never })).toMatchObject({ ok: false, status: 400 });
  });
});
