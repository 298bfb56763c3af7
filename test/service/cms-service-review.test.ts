import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildRegistry } from "../../src/cms/cms-registry";
import { createCmsService } from "../../src/cms/cms-service";
import type { MailMessage } from "../../src/cores/notify/mailer";
import { draftWriterFor } from "../../src/objects/room-client";
import { siteCollections } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import type { EditorSession } from "../../src/shared/session";
import { newPage } from "../objects/room-client";
import { SITE_LANGUAGES } from "../../src/site/site-languages";
import { resolveLanguages } from "../../src/cms/cms-languages";

/*
 * The service binding with a mailer and a review budget, as `createCms` builds it for a site that
 * has them (the reference site has no mailer): mentions are mailed by the same runner as over REST,
 * and review writes count against the same per-editor budget.
 */
const mails: MailMessage[] = [];
const Service = createCmsService<SiteEnv, typeof siteCollections>({
  registry: buildRegistry(siteCollections, resolveLanguages(SITE_LANGUAGES)),
  writer: draftWriterFor,
  mailer: () => ({ send: async (message) => void mails.push(message) }),
  reviewLimit: { limit: 3, windowSeconds: 600 },
});
const service = () => new Service(createExecutionContext(), env as SiteEnv);
let counter = 0;

async function person(name: string): Promise<EditorSession> {
  const email = `${name}-${Date.now().toString(36)}-${++counter}@example.test`;
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, 'editor', 'unused') RETURNING id").bind(email, name).first<{ id: number }>();
  return { id: String(row!.id), email, name, roles: ["editor"], access: { publish: false } };
}

describe("CmsService: comment mentions", () => {
  it("mails each person a comment or a reply newly mentions, as REST does, linking to the page on the caller's origin", async () => {
    const [ann, bob, cid] = [await person("ann"), await person("bob"), await person("cid")];
    const id = await newPage({ title: "Launch price" });
    mails.length = 0;
    const added = await service().addComment(ann, "pages", id, { field: "title", from: 7, to: 12, text: "Bob, right?", mentions: [Number(bob.id)] }, { origin: "https://site.test" });
    expect(added).toMatchObject({ ok: true, value: { quote: "price", mentions: [Number(bob.id)] } });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: [bob.email], subject: "ann mentioned you on Launch price" });
    expect(mails[0]!.text).toContain("“price”");
    expect(mails[0]!.text).toMatch(/https:\/\/site\.test\/room-/);
    const thread = added.ok ? added.value.id : "";
    const replied = await service().addReply(ann, "pages", id, thread, { text: "Cid too?", mentions: [Number(bob.id), Number(cid.id)] });
    expect(replied).toMatchObject({ ok: true, value: { replies: [{ text: "Cid too?", author: ann.id }] } });
    // Bob was mentioned already: only Cid is mailed, and without an origin the link is the address.
    expect(mails.map((mail) => mail.to)).toEqual([[bob.email], [cid.email]]);
    expect(mails[1]!.text).toMatch(/\n\/room-/);
    expect(await service().addReply(ann, "pages", id, "no such/thread", { text: "x" })).toMatchObject({ ok: false, status: 400, code: "invalid_input" });
    expect(await service().addReply(ann, "pages", id, "nosuchthread", { text: "x" })).toMatchObject({ ok: false, status: 404, code: "not_found" });
  });
});

describe("CmsService: review budget", () => {
  it("past the editor's budget a comment, reply or settle answers 429 rate_limited and writes nothing", async () => {
    const ann = await person("ann");
    const publisher = { ...ann, roles: ["editor", "publisher"], access: { publish: true } };
    const id = await newPage({ title: "Budget page" });
    const added = await service().addComment(ann, "pages", id, { field: "title", from: 0, to: 6, text: "One" });
    const thread = added.ok ? added.value.id : "";
    expect((await service().addReply(ann, "pages", id, thread, { text: "Two" })).ok).toBe(true);
    expect((await service().settleSuggestion(publisher, "pages", id, "reject", { all: true })).ok).toBe(true);
    expect(await service().addComment(ann, "pages", id, { field: "title", from: 0, to: 6, text: "Four" })).toMatchObject({ ok: false, status: 429, code: "rate_limited" });
    expect(await service().addReply(ann, "pages", id, thread, { text: "Five" })).toMatchObject({ ok: false, status: 429, code: "rate_limited" });
    expect(await service().settleSuggestion(publisher, "pages", id, "accept", { all: true })).toMatchObject({ ok: false, status: 429, code: "rate_limited" });
    expect(await service().listComments(ann, "pages", id)).toMatchObject({ ok: true, value: [{ text: "One", replies: [{ text: "Two" }] }] });
  });
});
