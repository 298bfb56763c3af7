import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CmsServiceApi } from "../../src/cms/cms-service";
import { insertRow } from "../../src/cores/pages/page-store";
import { APPLIED_SCHEMA_SQL, appliedSchemaFromRows, migrationStatements, type AppliedSchemaRow } from "../../src/cores/schema-sql";
import { tableMeta } from "../../src/cores/table-meta";
import { roomRoute } from "../../src/routes/room-route";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import type { EditorSession } from "../../src/shared/session";
import type { siteCollections } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { courses, coursesDeclaration } from "../../src/site/courses";
import { editor, until, upgradeRequest, YClient } from "../objects/room-client";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

/*
 * The demo's `courses` collection declares one field of each value type. Every entry point judges a
 * value by the same rule (src/cores/field-types.ts): REST, inline save and the service binding
 * coerce loose input where nothing is lost first; the live room takes only stored values.
 */
const MEDIA = "http://localhost:8787/media";
let counter = 0;
let cookie = "";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  cookie = await signIn("pub@demo.test");
});

async function newCourse(fields: Record<string, unknown> = {}): Promise<number> {
  const row = await insertRow(env.DB, tableMeta(courses), { slug: `course-${Date.now().toString(36)}-${++counter}`, title: "A course", ...fields });
  return row.id as number;
}

function api(method: string, path: string, body?: unknown): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    method,
    headers: { cookie, origin: SITE, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function newestDraft(id: number): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare("SELECT version_data AS data FROM courses_versions WHERE parent_id = ?1 ORDER BY id DESC LIMIT 1").bind(id).first<{ data: string }>();
  return JSON.parse(row!.data) as Record<string, unknown>;
}

const violations = async (res: Response) => ((await res.json()) as { violations?: { path: string; code?: string }[] }).violations?.map((v) => `${v.path}:${v.code}`);

/** Wrong values, one per type, and the code each must be refused with. */
const WRONG: [string, unknown, string][] = [
  ["title", 42, "type"],
  ["slug", "Not A Slug", "invalid_slug"],
  ["day", "2026-02-30", "invalid_date"],
  ["startsAt", "next tuesday", "invalid_date"],
  ["price", "cheap", "type"],
  ["price", -5, "out_of_range"],
  ["seats", 2.5, "type"],
  ["free", "maybe", "type"],
  ["level", "expert", "not_an_option"],
  ["link", "javascript:alert(1)", "unsafe_url"],
  ["link", "//evil.test/x", "unsafe_url"],
  ["link", "/\\evil.test", "unsafe_url"],
  ["link", "\\\\evil.test", "unsafe_url"],
  ["link", `https://example.com/${"x".repeat(2100)}`, "too_long"],
  ["image", { src: `${MEDIA}/a.png`, alt: "a".repeat(2001) }, "too_long"],
  ["image", { src: "https://evil.test/x.png", alt: "x" }, "not_media"],
];

/** Loose input REST, inline save and the service turn into stored values. */
const LOOSE: [string, unknown, unknown][] = [
  ["price", "12.50", 12.5],
  ["seats", "40", 40],
  ["free", "true", true],
  ["startsAt", "2026-03-01T19:30+01:00", "2026-03-01T18:30:00.000Z"],
  ["link", "example.com/tickets", "https://example.com/tickets"],
  ["price", "", null],
];

describe("field types through REST", () => {
  it.each(WRONG)("refuses %s = %j with 422 and writes nothing", async (field, value, code) => {
    const id = await newCourse();
    const res = await api("POST", `/api/cms/courses/${id}/versions`, { [field]: value });
    expect(res.status).toBe(422);
    expect(await violations(res)).toEqual([`${field}:${code}`]);
    const drafts = await env.DB.prepare("SELECT COUNT(*) AS n FROM courses_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>();
    expect(drafts?.n).toBe(0);
  });

  it.each(LOOSE)("coerces %s = %j (a PATCH saves a draft)", async (field, value, stored) => {
    const id = await newCourse();
    const res = await api("PATCH", `/api/cms/courses/${id}`, { [field]: value });
    expect(res.status).toBe(201);
    expect((await newestDraft(id))[field]).toEqual(stored);
  });

  it("creates, publishes and reads back every type as its stored value", async () => {
    const created = await api("POST", "/api/cms/courses", {
      slug: `typed-${++counter}`,
      title: "Typed",
      day: "2026-05-01",
      startsAt: "2026-05-01T18:00:00.000Z",
      price: "9",
      seats: 30,
      free: "false",
      level: "beginner",
      link: "example.com",
      image: { src: `${MEDIA}/poster.png`, alt: "Poster" },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api("POST", `/api/cms/courses/${id}/publish`, {})).status).toBe(200);
    const row = (await (await api("GET", `/api/cms/courses/${id}`)).json()) as Record<string, unknown>;
    expect(row).toMatchObject({ day: "2026-05-01", price: 9, seats: 30, free: false, level: "beginner", link: "https://example.com", image: { src: `${MEDIA}/poster.png`, alt: "Poster" } });
  });

  it("keeps a slug unique within its collection: publishing a taken one is a 409 naming the field", async () => {
    const taken = `taken-${++counter}`;
    await newCourse({ slug: taken });
    const id = await newCourse();
    expect((await api("POST", `/api/cms/courses/${id}/versions`, { slug: taken })).status).toBe(201);
    const res = await api("POST", `/api/cms/courses/${id}/publish`, {});
    expect(res.status).toBe(409);
    expect(await violations(res)).toEqual(["slug:unique"]);
  });
});

describe("field types through inline save", () => {
  it.each(WRONG)("refuses %s = %j with 422", async (field, value, code) => {
    const id = await newCourse();
    const res = await api("POST", "/api/cms/save", { field: `courses:${id}:${field}`, value });
    expect(res.status).toBe(422);
    expect((await violations(res))?.[0]).toMatch(new RegExp(`^${field}.*:${code}$`));
  });

  it.each(LOOSE)("coerces %s = %j", async (field, value, stored) => {
    const id = await newCourse();
    const res = await api("POST", "/api/cms/save", { field: `courses:${id}:${field}`, value });
    expect(res.status).toBe(204);
    expect((await newestDraft(id))[field]).toEqual(stored);
  });
});

type SiteService = CmsServiceApi<typeof siteCollections>;
const service = () => (exports as unknown as { CmsService: Pick<SiteService, "saveDraft"> }).CmsService;

describe("field types through the service binding", () => {
  it.each(WRONG)("refuses %s = %j with 422", async (field, value, code) => {
    const id = await newCourse();
    const result = await service().saveDraft(editor("svc"), "courses", id, { [field]: value } as never);
    expect(result).toMatchObject({ ok: false, status: 422, details: { violations: [{ path: field, code }] } });
  });

  it.each(LOOSE)("coerces %s = %j", async (field, value, stored) => {
    const id = await newCourse();
    const result = await service().saveDraft(editor("svc"), "courses", id, { [field]: value } as never);
    expect(result.ok).toBe(true);
    expect((await newestDraft(id))[field]).toEqual(stored);
  });
});

const rooms = roomRoute<SiteEnv>({
  resolveEditor: (request) => {
    const raw = request.headers.get("x-test-session");
    return raw ? (JSON.parse(raw) as EditorSession) : null;
  },
  collections: ["courses"],
});

async function joinCourse(id: number): Promise<YClient> {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const response = (await rooms(upgradeRequest(`/parties/page-room/courses:${id}`, editor("peer")), env as SiteEnv, ctx)) as Response;
  if (response.status !== 101 || !response.webSocket) throw new Error(`upgrade failed: ${response.status}`);
  const client = new YClient(response.webSocket, false);
  client.start();
  await until(() => client.synced || client.closed !== null);
  return client;
}

describe("field types through the live room", () => {
  // A title is text (Y.Text); every other typed field is one value in the json map.
  const wrongValues = WRONG.filter(([field]) => field !== "title");

  it.each(wrongValues)("closes a stock Yjs client writing %s = %j (4422) and keeps the value out", async (field, value) => {
    const id = await newCourse({ price: 3 });
    const bad = await joinCourse(id);
    bad.doc.getMap("json").set(field, value);
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
    expect(bad.closed?.reason).toContain(field);
    const check = await joinCourse(id);
    expect(check.doc.getMap("json").get(field)).not.toEqual(value);
    check.close();
  });

  it("refuses a number written as text in a value field's place, and loose strings (the room never coerces)", async () => {
    const id = await newCourse();
    const bad = await joinCourse(id);
    bad.doc.getMap("json").set("price", "12");
    await until(() => bad.closed !== null);
    expect(bad.closed?.code).toBe(ROOM_CLOSE.REFUSED);
  });

  it("takes stored values of every type and saves them as a draft", async () => {
    const id = await newCourse();
    const peer = await joinCourse(id);
    const values = { day: "2026-06-01", startsAt: "2026-06-01T17:00:00.000Z", price: 4.5, seats: 12, free: true, level: "intermediate", link: "/tickets", image: { src: `${MEDIA}/a.png`, alt: "A" } };
    peer.doc.transact(() => {
      for (const [field, value] of Object.entries(values)) peer.doc.getMap("json").set(field, value);
    });
    await until(async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM courses_versions WHERE parent_id = ?1").bind(id).first<{ n: number }>())!.n > 0);
    expect(await newestDraft(id)).toMatchObject(values);
    expect(peer.closed).toBeNull();
    peer.close();
  });
});

describe("the demo's course page", () => {
  it("shows visitors the published course, and editors each field marked with its type and declaration", async () => {
    const visitor = await (await exports.default.fetch(`${SITE}/courses/pottery-basics`)).text();
    expect(visitor).toContain("Pottery basics");
    expect(visitor).toContain("<span>12.5</span> EUR");
    expect(visitor).not.toContain("data-cms-field");
    const html = await (await exports.default.fetch(`${SITE}/courses/pottery-basics`, { headers: { cookie } })).text();
    expect(html).toContain('data-cms-field="courses:1:title"');
    expect(html).toContain(
      'data-cms-field="courses:1:price" data-cms-type="number" data-cms-def="{&quot;type&quot;:&quot;number&quot;,&quot;min&quot;:0,&quot;max&quot;:10000,&quot;unit&quot;:&quot;EUR&quot;}" data-cms-value="12.5"',
    );
    expect(html).toContain('data-cms-field="courses:1:free" data-cms-type="boolean"');
    expect(html).toContain('data-cms-type="select" data-cms-def="{&quot;type&quot;:&quot;select&quot;,&quot;options&quot;:[{&quot;value&quot;:&quot;beginner&quot;');
    expect(html).toContain('data-cms-field="courses:1:image" data-cms-type="image"');
    expect((await exports.default.fetch(`${SITE}/courses/no-such-course`)).status).toBe(404);
  });
});

describe("the demo's course image", () => {
  it("falls back to the asset's alt for a visitor when the course's image has none of its own; its own alt wins", async () => {
    const key = `poster-${Date.now().toString(36)}.png`;
    await env.DB.prepare("INSERT INTO media (key, content_type, size, alt) VALUES (?1, 'image/png', 10, 'A poster at the door')").bind(key).run();
    const src = `${MEDIA}/${key}`;
    const visitorHtml = async (alt: string) => {
      const slug = `poster-${Date.now().toString(36)}-${++counter}`;
      await newCourse({ slug, image: { src, alt }, publishedVersionId: 1 });
      return (await exports.default.fetch(`${SITE}/courses/${slug}`)).text();
    };
    expect(await visitorHtml("")).toContain(`<img src="${src}" alt="A poster at the door">`);
    expect(await visitorHtml("The poster, up close")).toContain(`<img src="${src}" alt="The poster, up close">`);
  });

  it("is an empty slot for the editor while the course has none: a <div> the image controls fill", async () => {
    const slug = `no-image-${Date.now().toString(36)}`;
    const id = await newCourse({ slug, publishedVersionId: 1 });
    const html = await (await exports.default.fetch(`${SITE}/courses/${slug}`, { headers: { cookie } })).text();
    expect(html).toContain(`<div class="image-slot" data-cms-field="courses:${id}:image" data-cms-type="image"`);
  });
});

describe("the demo's courses table", () => {
  it("is what the declaration makes: the migration generator finds nothing to add to migrations/0010_courses.sql", async () => {
    const applied = appliedSchemaFromRows((await env.DB.prepare(APPLIED_SCHEMA_SQL).all<AppliedSchemaRow>()).results);
    expect(migrationStatements({ courses: coursesDeclaration }, applied)).toEqual([]);
  });
});
