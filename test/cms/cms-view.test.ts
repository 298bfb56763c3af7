import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildRegistry } from "../../src/cms/cms-registry";
import { cmsMarker, editorScriptTag, loadPageView } from "../../src/cms/cms-view";
import { applyPublish, applySaveDraft } from "../../src/cores/drafts";
import type { EditorSession } from "../../src/shared/session";
import { pagesDeclaration } from "../../src/site/collections";
import { editor, newPage } from "../objects/room-client";
import { SITE_LANGUAGES } from "../../src/site/site-languages";
import { resolveLanguages } from "../../src/cms/cms-languages";
import { cmsRoutes } from "../../src/cms/cms-routes";
import { ensureTranslation } from "../../src/cores/translations/translations";
import type { SiteEnv } from "../../src/site/env";
import { asEditor, EDITOR, headerResolver, request } from "../helpers/http";

const registry = buildRegistry({ pages: pagesDeclaration }, resolveLanguages(SITE_LANGUAGES));
const entry = registry.get("pages")!;
const deps = registry.draftDeps("pages", undefined)!;
const pat = editor("pat", true);
/* A resolver that trusts a test header, so the view's rule is tested apart from sign-in. */
const source = { entry, resolveEditor: (request: Request) => (request.headers.get("x-editor") ? pat : null) as EditorSession | null };
const visitor = () => new Request("https://site.example/p");
const editing = () => new Request("https://site.example/p", { headers: { "x-editor": "1" } });

describe("loadPageView", () => {
  it("shows a visitor nothing until the record is published, then the live row, never a newer draft", async () => {
    const id = await newPage({ title: "Live 🌍" });
    expect(await loadPageView(visitor(), env, source, id)).toBeNull();
    await applySaveDraft(env, deps, pat, id, { title: "Published title" });
    await applyPublish(env, deps, pat, id);
    await applySaveDraft(env, deps, pat, id, { title: "Pending draft" });
    const seen = await loadPageView(visitor(), env, source, id);
    expect(seen).toMatchObject({ editor: null, document: { id, title: "Published title" }, setCookie: null });
  });

  it("shows an editor the newest pending draft over the live row", async () => {
    const id = await newPage({ title: "Live" });
    await applySaveDraft(env, deps, pat, id, { title: "Draft 👩‍💻" });
    const seen = await loadPageView(editing(), env, source, id);
    expect(seen?.editor).toEqual(pat);
    expect(seen?.document).toMatchObject({ id, title: "Draft 👩‍💻", body: "<p>Hello</p>" });
  });

  it("answers null for a missing record or an id that is not a positive integer", async () => {
    for (const id of [987654321, 0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await loadPageView(editing(), env, source, id), String(id)).toBeNull();
    }
  });
});

const pagesDeclarations = { pages: { ...pagesDeclaration, localized: { shared: [] } } };

describe("cms.view on a site of several languages", () => {
  const collections = { pages: { ...pagesDeclaration, localized: { shared: ["body"] } } };
  const cms = cmsRoutes<SiteEnv, typeof collections>({ collections, auth: { resolveEditor: headerResolver }, ...SITE_LANGUAGES });

  it("gives edit mode the page's language, and its script the Language action and a translation's shared fields read-only", async () => {
    const sourceId = await newPage({ title: "Source" });
    const { id } = await ensureTranslation(env, deps, EDITOR, sourceId, "de");
    const view = await cms.view(request("GET", "/de/p", { headers: asEditor() }), env, "pages", id);
    expect(view?.languages).toEqual({ locale: "de", locales: ["en", "de"], defaultLocale: "en", sourceId, shared: ["body"], collection: "pages" });
    const tag = editorScriptTag({ id, canPublish: false, languages: view?.languages });
    expect(tag).toContain(`"languages":{"locale":"de","locales":["en","de"],"defaultLocale":"en","sourceId":${sourceId},"shared":["body"]},"readOnlyFields":{"pages":["body"]}`);
    const source = await cms.view(request("GET", "/p", { headers: asEditor() }), env, "pages", sourceId);
    expect(source?.languages).toMatchObject({ locale: "en", sourceId: null });
    expect(editorScriptTag({ id: sourceId, canPublish: false, languages: source?.languages })).not.toContain("readOnlyFields");
    expect((await cms.view(request("GET", "/de/p"), env, "pages", id))?.languages).toBeUndefined();
  });

  it("gives a translation's edit mode the published text visitors read in place of its empty fields", async () => {
    const translated = cmsRoutes<SiteEnv, typeof pagesDeclarations>({ collections: pagesDeclarations, auth: { resolveEditor: headerResolver }, ...SITE_LANGUAGES });
    const sourceId = await newPage({ title: "Source" });
    await applySaveDraft(env, deps, pat, sourceId, { body: "<p>Published words.</p>" });
    await applyPublish(env, deps, pat, sourceId);
    const { id } = await ensureTranslation(env, deps, EDITOR, sourceId, "de");
    await applySaveDraft(env, deps, pat, id, { title: "Quelle", body: "" });
    const view = await translated.view(request("GET", "/de/p", { headers: asEditor() }), env, "pages", id);
    expect(view?.document).toMatchObject({ title: "Quelle", body: "" });
    expect(view?.languages?.fallbacks).toEqual({ body: { locale: "en", value: "<p>Published words.</p>" } });
    expect(editorScriptTag({ id, canPublish: false, languages: view?.languages })).toContain(`"fallbacks":{"body":{"locale":"en","value":"\\u003cp>Published words.\\u003c/p>"}}`);
    const source = await translated.view(request("GET", "/p", { headers: asEditor() }), env, "pages", sourceId);
    expect(source?.languages).not.toHaveProperty("fallbacks");
  });
});

describe("markers and the editor script", () => {
  it("escapes marker attributes", () => {
    expect(cmsMarker("posts", 12, "title")).toBe(' data-cms-field="posts:12:title"');
    expect(cmsMarker("posts", `a"><script>`, "body", "richtext")).toBe(' data-cms-field="posts:a&quot;&gt;&lt;script&gt;:body" data-cms-type="richtext"');
  });

  it("carries a typed field's declaration, so the client builds the editor that fits it", () => {
    expect(cmsMarker("posts", 1, "title", { type: "text", maxLength: 3 })).toBe(' data-cms-field="posts:1:title"');
    expect(cmsMarker("posts", 1, "body", { type: "richtext" })).toBe(' data-cms-field="posts:1:body" data-cms-type="richtext"');
    expect(cmsMarker("posts", 1, "open", { type: "boolean" })).toBe(' data-cms-field="posts:1:open" data-cms-type="boolean" data-cms-def="{&quot;type&quot;:&quot;boolean&quot;}"');
  });

  it("mounts the client for the record, and no value can close the script early", () => {
    const tag = editorScriptTag({ id: 7, canPublish: true });
    expect(tag).toContain('mountLouise({"versionedPageId":7,"canPublish":true})');
    expect(tag).toContain('from "/cms-client/louise.js"');
    const hostile = editorScriptTag({ id: 7, canPublish: false, src: "/x.js</script><b>" });
    expect(hostile.match(/<\/script/gi)).toHaveLength(1);
    expect(hostile.endsWith("</script>")).toBe(true);
  });

  it("names the signed-in editor for Suggest mode, whose name cannot close the script either", () => {
    const tag = editorScriptTag({ id: 7, canPublish: false, editor: { id: 3, name: "Eve</script><b>" }, suggestByDefault: true });
    expect(tag).toContain('"editor":{"id":3,"name":"Eve\\u003c/script>\\u003cb>"},"suggestByDefault":true');
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
  });
});
