import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { resetRuleTally, ruleTally } from "../../src/shared/rule-tally";
import { connect, editor, newPage, until } from "../objects/room-client";
import { seedDemoEditors, signIn } from "../site/demo-helpers";

const SITE = "http://localhost:8787";
let edCookie = "";
let pubCookie = "";

beforeAll(async () => {
  await seedDemoEditors();
  edCookie = await signIn("ed@demo.test");
  pubCookie = await signIn("pub@demo.test");
});

function send(method: string, path: string, cookie: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    method,
    headers: { cookie, origin: SITE, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/*
 * Each write rule runs once per write, counted by the toolkit's own tally (src/shared/rule-tally.ts)
 * over the real Worker, room and D1: field types (`fields`), nesting depth (`depth`), the site's
 * validate hook (`hook`), and the publish privilege (`publisher`).
 */
describe("each write rule runs once per write", () => {
  it.each([
    ["an editor", () => edCookie],
    ["a publisher", () => pubCookie],
  ])("one REST PATCH of a drafts page by %s", async (_who, cookie) => {
    const id = await newPage({ title: "Before" });
    resetRuleTally();
    const res = await send("PATCH", `/api/cms/pages/${id}`, cookie(), { title: "After", body: "<p>New body</p>" });
    expect(res.status).toBe(201);
    expect(ruleTally()).toEqual({ fields: 1, depth: 1, hook: 1, publisher: 0 });
  });

  it("one publish", async () => {
    const id = await newPage({ title: "To publish" });
    expect((await send("PATCH", `/api/cms/pages/${id}`, pubCookie, { title: "Draft" })).status).toBe(201);
    resetRuleTally();
    const res = await send("POST", `/api/cms/pages/${id}/publish`, pubCookie, {});
    expect(res.status).toBe(200);
    expect(ruleTally()).toEqual({ fields: 1, depth: 0, hook: 1, publisher: 1 });
  });

  it("one live keystroke, through the settle flush", async () => {
    const id = await newPage({ title: "Live" });
    const a = await connect(id, editor("ann"));
    resetRuleTally();
    a.doc.getText("title").insert(4, "!");
    await until(() => a.events.some((event) => event.type === "saved"));
    expect(ruleTally()).toEqual({ fields: 1, depth: 1, hook: 1, publisher: 0 });
    a.close();
  });
});
