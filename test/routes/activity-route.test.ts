import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { recordActivity, type ActivityRecord } from "../../src/cores/activity";
import type { ActivityPage } from "../../src/shared/activity";
import { seedDemoEditors, signIn } from "../site/demo-helpers";
import { activityCount, seedAdmin, site } from "../cms/activity-helpers";
import { until } from "../objects/room-client";

/*
 * GET /api/cms/activity over rows appended with the recorder itself: filters, paging, bounds,
 * malformed parameters and who may read it.
 */

let pub: string;
let ed: string;
let adm: string;
const rows: ActivityRecord[] = [
  { kind: "draft.saved", collection: "pages", recordId: 501, versionId: 9001, detail: { title: "Five oh one", fields: ["title"] }, actor: { id: "a1", name: "Ann" }, requestId: "r1" },
  { kind: "record.published", collection: "pages", recordId: 501, versionId: 9001, actor: { id: "b2", name: "Bob" }, requestId: "r2" },
  { kind: "draft.saved", collection: "courses", recordId: 501, actor: { id: "a1", name: "Ann" }, requestId: "r3" },
  { kind: "media.uploaded", detail: { key: "x.png" }, actor: { id: "a1", name: "Ann" }, requestId: "r4" },
  { kind: "signin.failed", actor: { id: null, name: "unknown account" }, requestId: "r5" },
];

beforeAll(async () => {
  await seedDemoEditors();
  await seedAdmin();
  [pub, ed, adm] = await Promise.all([signIn("pub@demo.test"), signIn("ed@demo.test"), signIn("adm@demo.test")]);
  // The sign-ins' own rows land after their answers: cleared once all three are there.
  await until(async () => (await activityCount()) >= 3, 20_000);
  await env.DB.prepare("DELETE FROM activity").run();
  await recordActivity(env.DB, rows.map((row, index) => ({ ...row, at: new Date(Date.UTC(2030, 0, 1, 9, 0, index)) })));
});

async function list(query: string, cookie = pub): Promise<ActivityPage> {
  const response = await site(`/api/cms/activity${query}`, { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toContain("no-store");
  return response.json<ActivityPage>();
}

const requestIds = (page: ActivityPage) => page.items.map((item) => item.requestId);

describe("GET /api/cms/activity", () => {
  it("answers the rows newest first, each with who, what, which record, when and its request id", async () => {
    const page = await list("");
    expect(requestIds(page)).toEqual(["r5", "r4", "r3", "r2", "r1"]);
    expect(page.next).toBeNull();
    expect(page.items.at(-1)).toEqual({
      id: expect.any(Number),
      at: "2030-01-01T09:00:00.000Z",
      actor: { id: "a1", name: "Ann" },
      kind: "draft.saved",
      collection: "pages",
      recordId: 501,
      versionId: 9001,
      detail: { title: "Five oh one", fields: ["title"] },
      requestId: "r1",
    });
    expect(page.items[0]).toMatchObject({ actor: { id: null, name: "unknown account" }, collection: null, recordId: null, versionId: null, detail: {} });
  });

  it("filters by actor, record (collection:id or the id alone) and kind, together", async () => {
    expect(requestIds(await list("?actor=a1"))).toEqual(["r4", "r3", "r1"]);
    expect(requestIds(await list("?record=pages:501"))).toEqual(["r2", "r1"]);
    expect(requestIds(await list("?record=501"))).toEqual(["r3", "r2", "r1"]);
    expect(requestIds(await list("?kind=draft.saved"))).toEqual(["r3", "r1"]);
    expect(requestIds(await list("?actor=a1&record=pages:501&kind=draft.saved"))).toEqual(["r1"]);
    expect(requestIds(await list("?actor=nobody"))).toEqual([]);
  });

  it("pages by cursor with a bounded limit, and an admin reads it too", async () => {
    const first = await list("?limit=2");
    expect(requestIds(first)).toEqual(["r5", "r4"]);
    const second = await list(`?limit=2&cursor=${first.next}`);
    expect(requestIds(second)).toEqual(["r3", "r2"]);
    const third = await list(`?limit=2&cursor=${second.next}`, adm);
    expect(requestIds(third)).toEqual(["r1"]);
    expect(third.next).toBeNull();
    // Past the maximum, the limit is clamped.
    expect(requestIds(await list("?limit=100000"))).toHaveLength(5);
  });

  it("refuses malformed parameters with a 400 naming them", async () => {
    const cases: [string, string][] = [
      ["?limit=ten", "invalid_limit"],
      ["?cursor=-3", "invalid_cursor"],
      ["?actor=" + encodeURIComponent("a b"), "invalid_actor"],
      ["?record=pages:", "invalid_record"],
      ["?record=0", "invalid_record"],
      ["?kind=page.eaten", "invalid_kind"],
    ];
    for (const [query, code] of cases) {
      const response = await site(`/api/cms/activity${query}`, { cookie: pub });
      expect([query, response.status]).toEqual([query, 400]);
      expect(await response.json()).toMatchObject({ error: expect.any(String), code });
    }
  });

  it("refuses an editor (403) and anyone signed out (401), and every method but GET", async () => {
    const editor = await site("/api/cms/activity", { cookie: ed });
    expect(editor.status).toBe(403);
    expect(await editor.json()).toMatchObject({ code: "forbidden_publish" });
    expect((await site("/api/cms/activity")).status).toBe(401);
    expect((await site("/api/cms/activity", { method: "POST", cookie: adm, body: "{}" })).status).toBe(405);
  });
});
