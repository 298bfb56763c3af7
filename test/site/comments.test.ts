import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

const headers = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });
const SECRET = "Reviewer note 7f3k: not for visitors";
let pub = "";
let ed = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  pub = await signIn("pub@demo.test");
  ed = await signIn("ed@demo.test");
});

describe("comments on the reference site", () => {
  it("an editor comments through the worker; the thread never reaches the public page or a share link's view", async () => {
    const posted = await exports.default.fetch(`${SITE}/api/cms/pages/2/comments`, { method: "POST", headers: headers(ed), body: JSON.stringify({ field: "title", from: 0, to: 5, text: SECRET }) });
    expect(posted.status).toBe(201);
    const listed = await (await exports.default.fetch(`${SITE}/api/cms/pages/2/comments`, { headers: { cookie: ed } })).json<{ threads: { text: string; quote: string }[] }>();
    expect(listed.threads).toEqual([expect.objectContaining({ text: SECRET, quote: "About" })]);
    const link = await (await exports.default.fetch(`${SITE}/api/cms/share-links`, { method: "POST", headers: headers(pub), body: JSON.stringify({ id: 2 }) })).json<{ url: string }>();
    for (const page of [await exports.default.fetch(`${SITE}/about`), await exports.default.fetch(link.url)]) {
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("About");
      expect(html).not.toContain("Reviewer note");
      expect(html).not.toContain("cms:comments");
    }
  });

  it("GET /api/cms/people lists the team to any signed-in editor (id, name, email only); 401 without a session", async () => {
    const people = await (await exports.default.fetch(`${SITE}/api/cms/people`, { headers: { cookie: ed } })).json<{ people: Record<string, unknown>[] }>();
    expect(people.people).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Pub", email: "pub@demo.test" })]));
    expect(Object.keys(people.people[0]!).sort()).toEqual(["email", "id", "name"]);
    expect((await exports.default.fetch(`${SITE}/api/cms/people`)).status).toBe(401);
    expect((await exports.default.fetch(`${SITE}/api/cms/people`, { method: "POST", headers: headers(ed) })).status).toBe(405);
  });
});
