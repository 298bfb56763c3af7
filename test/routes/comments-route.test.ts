import { env } from "cloudflare:workers";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import type { MailMessage } from "../../src/cores/notify/mailer";
import { roomComments } from "../../src/objects/room-client";
import { commentsRoute } from "../../src/routes/comments-route";
import type { CommentThread } from "../../src/shared/review-comments";
import type { EditorSession } from "../../src/shared/session";
import type { SiteEnv } from "../../src/site/env";
import { request } from "../helpers/http";
import { connect, newPage, until } from "../objects/room-client";

const NOOP_CTX = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const mails: MailMessage[] = [];
const resolveEditor = (req: Request) => {
  const raw = req.headers.get("x-test-session");
  return raw ? (JSON.parse(raw) as EditorSession) : null;
};
const route = commentsRoute<SiteEnv>({ resolveEditor, collections: ["pages"], run: roomComments, mailer: () => ({ send: async (message) => void mails.push(message) }) });
const unmailed = commentsRoute<SiteEnv>({ resolveEditor, collections: ["pages"], run: roomComments });
let counter = 0;

/** An editor with an `editors` row (mentions name team members by their `editors.id`). */
async function person(name: string, role: "editor" | "publisher" = "editor"): Promise<EditorSession> {
  const email = `${name}-${Date.now().toString(36)}-${++counter}@example.test`;
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, ?3, 'unused') RETURNING id").bind(email, name, role).first<{ id: number }>();
  const publisher = role === "publisher";
  return { id: String(row!.id), email, name, roles: publisher ? ["editor", "publisher"] : ["editor"], access: { publish: publisher } };
}

async function call(who: EditorSession, method: string, path: string, body?: unknown, options: { origin?: string | null; raw?: string; via?: typeof route } = {}): Promise<Response> {
  const headers = { "x-test-session": JSON.stringify(who), ...(options.raw === undefined ? {} : { "content-type": "application/json" }) };
  const req = request(method, `/api/cms/pages${path}`, { body, headers, ...(options.raw === undefined ? {} : { rawBody: options.raw }), ...(options.origin === undefined ? {} : { origin: options.origin }) });
  return (await (options.via ?? route)(req, env as SiteEnv, NOOP_CTX)) as Response;
}

async function threads(who: EditorSession, id: number): Promise<CommentThread[]> {
  const response = await call(who, "GET", `/${id}/comments`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { threads: CommentThread[] }).threads;
}

describe("comments route: a thread stays on its words", () => {
  it("typing before and inside the words moves and grows them; deleting them leaves quote \"\" and null offsets", async () => {
    const ann = await person("ann");
    const id = await newPage({ title: "Launch price is 20 dollars" });
    const created = await call(ann, "POST", `/${id}/comments`, { field: "title", from: 16, to: 26, text: "Is this right?" });
    expect(created.status).toBe(201);
    const thread = (await created.json()) as CommentThread;
    expect(thread).toMatchObject({ field: "title", quote: "20 dollars", from: 16, to: 26, text: "Is this right?", author: ann.id, authorName: "ann", resolved: null, replies: [] });
    const live = await connect(id, ann);
    // The thread reached the live editor through the room.
    await until(() => live.doc.getMap("cms:comments").has(thread.id));
    live.doc.getText("title").insert(0, "New: ");
    live.doc.getText("title").insert(5 + 19, "US ");
    await until(() => live.acknowledged());
    expect((await threads(ann, id))[0]).toMatchObject({ quote: "20 US dollars", from: 21, to: 34 });
    live.doc.getText("title").delete(20, 14);
    await until(() => live.acknowledged());
    expect((await threads(ann, id))[0]).toMatchObject({ id: thread.id, quote: "", from: null, to: null, text: "Is this right?" });
    live.close();
  });

  it("anchors words in rich text, in a section's text field (by entry id), and a whole section", async () => {
    const ann = await person("ann");
    const id = await newPage({ body: "<p>Hello world</p><p>Second line</p>", sections: [{ type: "hero", id: "hero1", heading: "Big heading" }] });
    const rich = await call(ann, "POST", `/${id}/comments`, { field: "body", from: 12, to: 18, text: "Rich" });
    expect(await rich.json()).toMatchObject({ quote: "Second", from: 12, to: 18 });
    const heading = await call(ann, "POST", `/${id}/comments`, { field: "sections.hero1.heading", from: 4, to: 11, text: "Entry" });
    expect(await heading.json()).toMatchObject({ quote: "heading", from: 4, to: 11 });
    const whole = await call(ann, "POST", `/${id}/comments`, { field: "sections.hero1", text: "The whole section" });
    expect(whole.status).toBe(201);
    expect(await whole.json()).toMatchObject({ field: "sections.hero1", quote: "", from: null, to: null });
    const live = await connect(id, ann);
    const section = live.doc.getArray("sections").get(0) as unknown as { get(key: string): { insert(i: number, s: string): void } };
    section.get("heading").insert(0, "A ");
    await until(() => live.acknowledged());
    expect((await threads(ann, id)).find((t) => t.text === "Entry")).toMatchObject({ quote: "heading", from: 6, to: 13 });
    live.close();
  });
});

describe("comments route: anchors a browser made", () => {
  it("takes base64 relative positions from a live editor's document, also over words the room has not received yet", async () => {
    const ann = await person("ann");
    const id = await newPage({ title: "Launch day" });
    const live = await connect(id, ann);
    const title = live.doc.getText("title");
    const encode = (index: number, assoc: number) => btoa(String.fromCharCode(...Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(title, index, assoc))));
    const made = await call(ann, "POST", `/${id}/comments`, { field: "title", anchor: { from: encode(7, 0), to: encode(10, -1) }, text: "Which day?" });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ quote: "day", from: 7, to: 10 });
    // Words typed a moment ago that are still on their way to the room: the thread waits for them.
    live.close();
    title.insert(10, " soon");
    const ahead = await call(ann, "POST", `/${id}/comments`, { field: "title", anchor: { from: encode(11, 0), to: encode(15, -1) }, text: "When?" });
    expect(ahead.status).toBe(201);
    expect(await ahead.json()).toMatchObject({ quote: "", from: null });
    const back = await connect(id, ann, { sync: false });
    Y.applyUpdate(back.doc, Y.encodeStateAsUpdate(live.doc));
    back.start();
    await until(() => back.acknowledged() && back.text("title") === "Launch day soon");
    expect(back.closed).toBeNull();
    expect((await threads(ann, id)).map((t) => t.quote)).toEqual(["day", "soon"]);
    const nothing = await call(ann, "POST", `/${id}/comments`, { field: "title", anchor: { from: encode(3, 0), to: encode(3, -1) }, text: "x" });
    expect(await nothing.json()).toMatchObject({ code: "invalid_range" });
    back.close();
  });
});

describe("comments route: replies, resolve, edit and delete", () => {
  it("any editor replies and resolves or reopens; only the author edits; the author or a publisher deletes (403 not_author otherwise)", async () => {
    const ann = await person("ann");
    const bob = await person("bob");
    const pat = await person("pat", "publisher");
    const id = await newPage({ title: "Price check" });
    const thread = (await (await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 5, text: "Price?" })).json()) as CommentThread;
    const base = `/${id}/comments/${thread.id}`;
    const replied = (await (await call(bob, "POST", `${base}/replies`, { text: "Checked" })).json()) as CommentThread;
    const reply = replied.replies[0]!;
    expect(reply).toMatchObject({ text: "Checked", author: bob.id, authorName: "bob", edited: null });
    expect(await (await call(bob, "PATCH", base, { resolved: true })).json()).toMatchObject({ resolved: { by: bob.id, byName: "bob" } });
    expect(await (await call(ann, "PATCH", base, { resolved: false })).json()).toMatchObject({ resolved: null });
    expect(await (await call(bob, "PATCH", base, { text: "Mine now" })).json()).toMatchObject({ code: "not_author" });
    expect((await call(ann, "PATCH", base, { text: "Price right?" })).status).toBe(200);
    expect((await call(ann, "PATCH", `${base}/replies/${reply.id}`, { text: "Not mine" })).status).toBe(403);
    expect((await call(ann, "DELETE", `${base}/replies/${reply.id}`)).status).toBe(403);
    expect(await (await call(bob, "PATCH", `${base}/replies/${reply.id}`, { text: "Checked twice" })).json()).toMatchObject({ replies: [{ text: "Checked twice", edited: expect.any(String) }] });
    expect((await call(bob, "DELETE", `${base}/replies/${reply.id}`)).status).toBe(204);
    expect((await call(bob, "DELETE", base)).status).toBe(403);
    expect((await threads(bob, id))[0]).toMatchObject({ text: "Price right?", edited: expect.any(String), replies: [] });
    expect((await call(pat, "DELETE", base)).status).toBe(204);
    expect(await threads(ann, id)).toEqual([]);
    expect((await call(ann, "PATCH", base, { resolved: true })).status).toBe(404);
  });
});

describe("comments route: editor ids", () => {
  it("names authors by the session's id as text, as suggestions and activity do: a site's own sign-in with text ids comments, edits its own, and no one else's", async () => {
    const ann: EditorSession = { id: "access:ann@example.test", email: "ann@example.test", name: "Ann", roles: ["editor"], access: { publish: false } };
    const bob: EditorSession = { ...ann, id: "access:bob@example.test", email: "bob@example.test", name: "Bob" };
    const id = await newPage({ title: "Price check" });
    const created = await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 5, text: "Price?" });
    expect(created.status).toBe(201);
    const thread = (await created.json()) as CommentThread;
    expect(thread).toMatchObject({ author: "access:ann@example.test", authorName: "Ann" });
    const base = `/${id}/comments/${thread.id}`;
    expect(await (await call(bob, "POST", `${base}/replies`, { text: "Checked" })).json()).toMatchObject({ replies: [{ author: "access:bob@example.test" }] });
    expect(await (await call(bob, "PATCH", base, { resolved: true })).json()).toMatchObject({ resolved: { by: "access:bob@example.test" } });
    expect(await (await call(bob, "PATCH", base, { text: "Mine now" })).json()).toMatchObject({ code: "not_author" });
    expect(await (await call(ann, "PATCH", base, { text: "Price right?" })).json()).toMatchObject({ text: "Price right?", author: "access:ann@example.test" });
    expect((await call(ann, "DELETE", base)).status).toBe(204);
  });
});

describe("comments route: bad requests", () => {
  it("answers each with a named 4xx and writes nothing", async () => {
    const ann = await person("ann");
    const id = await newPage({ title: "Twelve chars", body: "<p>Rich</p>" });
    const post = (body: unknown) => call(ann, "POST", `/${id}/comments`, body);
    const cases: [Response, number, string][] = [
      [await call(ann, "POST", `/${id}/comments`, undefined, { raw: "{not json" }), 400, "invalid_json"],
      [await post({ field: "title", from: 0, to: 3, text: "x", colour: "red" }), 400, "invalid_input"],
      [await post({ field: "title", from: 0, to: 99, text: "x" }), 400, "invalid_range"],
      [await post({ field: "title", from: 5, to: 2, text: "x" }), 400, "invalid_range"],
      [await post({ field: "title", from: -1, to: 2, text: "x" }), 400, "invalid_range"],
      [await post({ field: "nope", from: 0, to: 2, text: "x" }), 400, "invalid_field"],
      [await post({ field: "slug.x", from: 0, to: 2, text: "x" }), 400, "invalid_field"],
      [await post({ field: "sections.missing.heading", from: 0, to: 2, text: "x" }), 400, "invalid_field"],
      [await post({ field: "title", text: "no words chosen" }), 400, "invalid_range"],
      [await post({ field: "title", from: 0, to: 2, text: "x".repeat(5_001) }), 400, "too_long"],
      [await post({ field: "title", from: 0, to: 2, text: "" }), 400, "invalid_input"],
      [await post({ field: "title", from: 0, to: 2, text: "x", mentions: [999_999] }), 400, "unknown_mention"],
      [await post({ field: "title", from: 0, to: 2, text: "x", mentions: ["bob"] }), 400, "invalid_input"],
      [await call(ann, "PATCH", `/${id}/comments/nothread`, {}), 400, "invalid_input"],
      [await call(ann, "PATCH", `/${id}/comments/bad%20id`, { resolved: true }), 400, "invalid_input"],
      [await call(ann, "PUT", `/${id}/comments`, {}), 405, "method_not_allowed"],
      [await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 2, text: "x" }, { origin: "https://evil.test" }), 403, "cross_origin"],
      [await call(ann, "GET", `/999999/comments`), 404, "not_found"],
    ];
    for (const [response, status, code] of cases) {
      expect({ status: response.status, code: ((await response.json()) as { code?: string }).code }).toEqual({ status, code });
    }
    expect((await call(ann, "PUT", `/${id}/comments`, {})).headers.get("allow")).toBe("GET, POST");
    expect(await threads(ann, id)).toEqual([]);
  });

  it("refuses an account whose scope does not reach the page (403 out_of_scope)", async () => {
    const ann = await person("ann");
    const id = await newPage({ title: "Scoped" });
    const outside = { ...ann, access: { ...ann.access, scope: { paths: ["/blog-"] } } };
    for (const response of [await call(outside, "GET", `/${id}/comments`), await call(outside, "POST", `/${id}/comments`, { field: "title", from: 0, to: 2, text: "x" })]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "out_of_scope" });
    }
  });
});

describe("comments route: mentions", () => {
  it("mails each newly mentioned editor once (not the writer), naming the page and quoting the words; none without a mailer", async () => {
    const ann = await person("ann");
    const bob = await person("bob");
    const id = await newPage({ title: "Launch price" });
    mails.length = 0;
    const thread = (await (await call(ann, "POST", `/${id}/comments`, { field: "title", from: 7, to: 12, text: "Bob, is this right?", mentions: [Number(bob.id), Number(ann.id)] })).json()) as CommentThread;
    expect(thread.mentions).toEqual([Number(bob.id), Number(ann.id)]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [bob.email], subject: "ann mentioned you on Launch price" });
    expect(mails[0]!.text).toContain("“price”");
    expect(mails[0]!.text).toContain("Bob, is this right?");
    expect(mails[0]!.text).toMatch(/https:\/\/site\.test\/room-/);
    // Mentioned again in a reply: already mentioned, so no second mail.
    await call(ann, "POST", `/${id}/comments/${thread.id}/replies`, { text: "Bob?", mentions: [Number(bob.id)] });
    expect(mails).toHaveLength(1);
    const cid = await person("cid");
    await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 6, text: "Cid?", mentions: [Number(cid.id)] }, { via: unmailed });
    expect(mails).toHaveLength(1);
  });
});

describe("comments route: a mention mail links to where visitors read the page", () => {
  /* The link a mention on page `id` mails, as the site's page route and sitemap place the page. */
  async function mailedLink(id: number): Promise<string | undefined> {
    const ann = await person("ann");
    const bob = await person("bob");
    mails.length = 0;
    const created = await call(ann, "POST", `/${id}/comments`, { field: "title", from: 0, to: 2, text: "Bob?", mentions: [Number(bob.id)] });
    expect(created.status).toBe(201);
    expect(mails).toHaveLength(1);
    return /^https:\/\/site\.test\S*$/m.exec(mails[0]!.text)?.[0];
  }

  it("a German translation's mail links to /de/<slug>, not its source's address", async () => {
    const source = await newPage({ title: "Price", slug: "price-page" });
    const id = await newPage({ title: "Preis", slug: "preis-seite", locale: "de", sourceId: source });
    expect(await mailedLink(id)).toBe("https://site.test/de/preis-seite");
    expect(await mailedLink(source)).toBe("https://site.test/price-page");
  });

  it("the home page's mail links to / (and the German home's to /de/), not /home", async () => {
    const home = await newPage({ title: "Welcome", slug: "home" });
    const german = await newPage({ title: "Willkommen", slug: "home", locale: "de", sourceId: home });
    expect(await mailedLink(home)).toBe("https://site.test/");
    expect(await mailedLink(german)).toBe("https://site.test/de/");
  });
});
