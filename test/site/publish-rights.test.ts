import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
});

describe("an editor without the publish privilege cannot change what visitors see", () => {
  it("PATCH /api/cms/pages/:id saves a draft; the public page is unchanged until a publisher publishes", async () => {
    const ed = await signIn("ed@demo.test");
    const patch = await exports.default.fetch(`${SITE}/api/cms/pages/2`, { method: "PATCH", headers: json(ed), body: JSON.stringify({ title: "Defaced" }) });
    expect(patch.status).toBe(201);
    expect(await patch.json()).toMatchObject({ versionId: expect.any(Number), snapshot: { title: "Defaced" } });
    const live = await env.DB.prepare("SELECT title FROM pages WHERE id = 2").first<{ title: string }>();
    expect(live?.title).toBe("About us");
    expect(await (await exports.default.fetch(`${SITE}/about`)).text()).toContain("<h1>About us</h1>");
    // Edit mode resumes the draft.
    expect(await (await exports.default.fetch(`${SITE}/about`, { headers: { cookie: ed } })).text()).toContain("Defaced");
  });

  it("DELETE of a published page is 403 for an editor and the page stays up; a publisher may delete", async () => {
    await env.DB.prepare("INSERT INTO pages (id, slug, title, published_version_id) VALUES (50, 'doomed', 'Doomed', NULL)").run();
    const ed = await signIn("ed@demo.test");
    const denied = await exports.default.fetch(`${SITE}/api/cms/pages/1`, { method: "DELETE", headers: json(ed) });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: "forbidden_publish" });
    expect((await exports.default.fetch(`${SITE}/`)).status).toBe(200);
    const pub = await signIn("pub@demo.test");
    expect((await exports.default.fetch(`${SITE}/api/cms/pages/50`, { method: "DELETE", headers: json(pub) })).status).toBe(204);
  });
});
