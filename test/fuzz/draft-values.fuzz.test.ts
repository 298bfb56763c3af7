import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { insertRow } from "../../src/cores/pages/page-store";
import { tableMeta } from "../../src/cores/table-meta";
import type { siteCollections } from "../../src/site/cms";
import { courses } from "../../src/site/courses";
import { editor } from "../objects/room-client";
import { seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/*
 * Typed values of every kind at every outside entry of a course's draft (REST PATCH, versions
 * POST, inline save, the service binding), through the Worker: null, "", wrong types, huge
 * strings, keys that mean something to JavaScript. Properties: never a 5xx, from the write or from
 * a publish right after it; afterwards every field still takes a good value from a later write, and
 * the course publishes.
 */

const RUNS = 120;
type Entry = "patch" | "versions" | "inline" | "service";
const FIELDS = ["title", "slug", "day", "startsAt", "price", "seats", "free", "level", "link", "image"] as const;
/** A good value of each field, written last to show the field still changes. */
const GOOD: Record<(typeof FIELDS)[number], unknown> = {
  title: "Wheel throwing",
  slug: "wheel-throwing",
  day: "2030-05-01",
  startsAt: "2030-05-01T09:00:00.000Z",
  price: 40,
  seats: 12,
  free: true,
  level: "beginner",
  link: "https://example.com/course",
  image: null,
};

const service = () => (exports as unknown as { CmsService: CmsServiceApi<typeof siteCollections> }).CmsService;
let cookie = "";

beforeAll(async () => {
  await seedDemoEditors();
  cookie = await signIn("pub@demo.test");
});

/** JSON text of a value, some with keys that JavaScript treats specially. */
const valueText = fc.oneof(
  fc.constantFrom("null", '""', "   ", "0", "-1", "1e400", "true", "false", "[]", "{}", '"true"', '"12"', '"2030-13-45"', '"javascript:alert(1)"', '{"__proto__":{"a":1}}', '{"constructor":{"prototype":{"x":1}}}', '{"src":"https://example.com/x.png"}'),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null"),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => JSON.stringify("x".repeat(n))),
);

async function send(entry: Entry, id: number, field: string, text: string): Promise<number> {
  if (entry === "service") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return 400;
    }
    // A structured clone cannot carry an own __proto__ key: that refusal happens in the caller.
    if (text.includes("__proto__")) return 400;
    const result = await service().saveDraft(editor("svc", true), "courses", id, { [field]: value });
    return result.ok ? 201 : result.status;
  }
  const body = entry === "inline" ? `{"field":"courses:${id}:${field}","value":${text}}` : `{"${field}":${text}}`;
  const path = entry === "inline" ? "/api/cms/save" : entry === "patch" ? `/api/cms/courses/${id}` : `/api/cms/courses/${id}/versions`;
  const res = await exports.default.fetch(SITE + path, { method: entry === "patch" ? "PATCH" : "POST", headers: { "content-type": "application/json", origin: SITE, cookie }, body });
  await res.arrayBuffer();
  return res.status;
}

describe("typed values at every entry of a draft", () => {
  it("no 5xx, and every field still takes a later good write", { timeout: 60_000 }, async () => {
    const row = await insertRow(env.DB, tableMeta(courses), { slug: `fuzz-${Date.now().toString(36)}`, title: "Pottery", free: false });
    const id = row.id as number;
    const statuses: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Entry>("patch", "versions", "inline", "service"), fc.constantFrom(...FIELDS), valueText, async (entry, field, text) => {
        const status = await send(entry, id, field, text);
        expect(status, `${entry} ${field} = ${text.slice(0, 80)}`).toBeLessThan(500);
        statuses[status] = (statuses[status] ?? 0) + 1;
        // Whatever a write left, a publish is never a 5xx (a refusal names what is wrong).
        const published = await service().publish(editor("pub", true), "courses", id);
        expect(published.ok ? 200 : published.status, `publish after ${entry} ${field} = ${text.slice(0, 80)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(RUNS);
    // Both kinds were met: values taken and values refused.
    expect((statuses[201] ?? 0) + (statuses[204] ?? 0)).toBeGreaterThan(0);
    expect(statuses[422] ?? 0).toBeGreaterThan(0);
    const entries: Entry[] = ["patch", "versions", "inline", "service"];
    for (const [i, field] of FIELDS.entries()) {
      expect(await send(entries[i % entries.length] as Entry, id, field, JSON.stringify(GOOD[field])), field).toBeLessThan(300);
    }
    const draft = await env.DB.prepare("SELECT version_data AS data FROM courses_versions WHERE parent_id = ?1 AND status = 'draft' ORDER BY id DESC LIMIT 1").bind(id).first<{ data: string }>();
    expect(JSON.parse(draft?.data ?? "{}")).toMatchObject(GOOD);
    const published = await service().publish(editor("pub", true), "courses", id);
    expect(published.ok, JSON.stringify(published)).toBe(true);
  });
});
