import { afterEach, describe, expect, it, vi } from "vitest";
import { actionOf, causeOf, consoleLogSink, requestIdOf, type LogLine } from "../../src/shared/request-log";

afterEach(() => vi.restoreAllMocks());

describe("requestIdOf", () => {
  it.each([
    ["a cf-ray is the id", { "cf-ray": "8c1f2a3b4c5d6e7f-AMS" }, /^8c1f2a3b4c5d6e7f-AMS$/],
    ["no cf-ray: a generated id", {}, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/],
    ["a cf-ray that is not a ray id is not trusted", { "cf-ray": 'x"}{"level":"info' }, /^[0-9a-f]{8}-[0-9a-f]{4}-/],
    ["an overlong cf-ray is not trusted", { "cf-ray": "a".repeat(65) }, /^[0-9a-f]{8}-[0-9a-f]{4}-/],
  ])("%s", (_label, headers: Record<string, string>, expected) => {
    const request = new Request("https://site.test/api/cms/pages", { headers });
    const id = requestIdOf(request);
    expect(id).toMatch(expected);
    expect(requestIdOf(request)).toBe(id);
  });

  it("gives two requests two ids", () => {
    expect(requestIdOf(new Request("https://site.test/"))).not.toBe(requestIdOf(new Request("https://site.test/")));
  });
});

describe("actionOf", () => {
  it.each([
    ["POST", "/api/cms/pages/12/publish", "POST /api/cms/pages/:id/publish"],
    ["DELETE", "/api/cms/media?key=abc.png&force=1", "DELETE /api/cms/media"],
    ["POST", "/api/cms/save", "POST /api/cms/save"],
  ])("%s %s -> %s", (method, path, expected) => {
    expect(actionOf(new Request(`https://site.test${path}`, { method }))).toBe(expected);
  });
});

describe("causeOf", () => {
  it("keeps a wrapping error's message and its cause's, so the line says what failed and why", () => {
    const cause = new Error("D1_ERROR: no such table: room_sessions");
    const line = causeOf(new Error("page room pages:12 could not be told of a session change", { cause }));
    expect(line).toMatch(/^Error: page room pages:12 could not be told of a session change\n/);
    expect(line).toContain("\ncaused by: Error: D1_ERROR: no such table: room_sessions");
    expect(causeOf("a thrown string")).toBe("a thrown string");
  });
});

describe("consoleLogSink", () => {
  it("writes one JSON line: console.log for a write, console.error for a failure's cause", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const write: LogLine = { level: "info", requestId: "r1", action: "POST /api/cms/save", actor: "ed@example.test", collection: "pages", id: 3, version: 9, outcome: 204, ms: 4 };
    const failure: LogLine = { level: "error", requestId: "r1", action: "POST /api/cms/save", cause: "Error: boom" };
    consoleLogSink(write);
    consoleLogSink(failure);
    expect(log.mock.calls).toEqual([[JSON.stringify(write)]]);
    expect(error.mock.calls).toEqual([[JSON.stringify(failure)]]);
    expect(JSON.parse(log.mock.calls[0]![0] as string)).toEqual(write);
  });
});
