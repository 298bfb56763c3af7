import { describe, expect, it } from "vitest";
import { publishActions, readLocalTime } from "../../src/client/publishing/publish-actions";

const urls = { publish: "/api/cms/pages/2/publish", unpublish: "/api/cms/pages/2/unpublish", versions: "/api/cms/pages/2/versions", page: "/api/cms/pages/2" };

function recorder(answer: () => Response | Promise<Response>) {
  const calls: { url: string; method?: string; body?: unknown }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined });
    return answer();
  };
  return { calls, fetch };
}

describe("publishActions", () => {
  it("publishes now, schedules at an ISO time, cancels and unpublishes on the page's endpoints", async () => {
    const { calls, fetch } = recorder(() => new Response("{}", { status: 200 }));
    const actions = publishActions(fetch, urls, (iso) => `<${iso}>`);
    expect(await actions.publishNow()).toEqual({ ok: true, text: "Published" });
    expect(await actions.schedule(new Date("2030-01-01T09:00:00Z"))).toEqual({ ok: true, text: "Scheduled: goes live <2030-01-01T09:00:00.000Z>" });
    expect((await actions.cancelSchedule()).text).toBe("Schedule cancelled");
    expect((await actions.unpublish()).text).toMatch(/^Unpublished/);
    expect(calls).toEqual([
      { url: urls.publish, method: "POST", body: {} },
      { url: urls.publish, method: "POST", body: { at: "2030-01-01T09:00:00.000Z" } },
      { url: urls.publish, method: "DELETE", body: undefined },
      { url: urls.unpublish, method: "POST", body: undefined },
    ]);
  });

  it("says why an action was refused, and when the server is out of reach", async () => {
    const refused = publishActions(recorder(() => Response.json({ error: "publishing needs the publish privilege", code: "forbidden_publish" }, { status: 403 })).fetch, urls, String);
    expect(await refused.schedule(new Date("2030-01-01T09:00:00Z"))).toEqual({ ok: false, text: "Not scheduled: publishing needs the publish right" });
    // The server's developer text never reaches the dialog: an unknown code is named by its status.
    const internal = publishActions(recorder(() => Response.json({ error: "page 2 has no pending draft; name a versionId", code: "x_new" }, { status: 409 })).fetch, urls, String);
    expect(await internal.unpublish()).toEqual({ ok: false, text: "Not unpublished: the server answered 409" });
    const offline = publishActions(() => Promise.reject(new TypeError("offline")), urls, String);
    expect(await offline.unpublish()).toEqual({ ok: false, text: "Not unpublished: the server could not be reached" });
  });
});

describe("publishNow refused by the catalog's check (issue 22)", () => {
  it("lists each violation with its path, and says what was refused", async () => {
    const body = { error: "invalid", code: "validation", violations: [{ path: "sections.0.heading", message: "heading is required", code: "required" }] };
    const actions = publishActions(recorder(() => Response.json(body, { status: 422 })).fetch, urls, String);
    expect(await actions.publishNow()).toEqual({
      ok: false,
      text: "Not published: sections.0.heading: heading is required",
      violations: [{ path: "sections.0.heading", message: "heading is required" }],
    });
  });
});

describe("readLocalTime", () => {
  const now = new Date("2026-11-23T12:00:00").getTime();
  it.each([
    ["2026-11-23T12:30", true],
    ["2026-11-23T11:59", "Choose a time in the future"],
    ["2026-11-23T12:00", "Choose a time in the future"],
    ["", "Choose a date and time"],
    ["   ", "Choose a date and time"],
    ["not a date", "That is not a date and time"],
  ])("%j → %s", (value, expected) => {
    const read = readLocalTime(value, now);
    expect(read.ok ? true : read.error).toBe(expected);
  });
});

describe("schedule refused by the rules publishing applies (issue 33)", () => {
  it("lists the violations as publishNow does, in the words the dialog gives them", async () => {
    const body = { error: "invalid", code: "validation_failed", violations: [{ path: "sections.0.href", message: "Link is required", code: "required" }] };
    const describe = (violations: { path: string; message: string }[]) => violations.map((v) => `Call to action (section 1): ${v.message}`).join("; ");
    const actions = publishActions(recorder(() => Response.json(body, { status: 422 })).fetch, urls, String, describe);
    expect(await actions.schedule(new Date("2030-01-01T09:00:00Z"))).toEqual({
      ok: false,
      text: "Not scheduled: Call to action (section 1): Link is required",
      violations: [{ path: "sections.0.href", message: "Link is required" }],
    });
  });
});
