import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { composeRoutes } from "../../src/routes/compose-routes";
import { parseId, runEditorRoute, withErrorEdge } from "../../src/routes/run-editor-route";
import { HttpError, LouiseValidationError } from "../../src/shared/errors";
import type { EditorRoute } from "../../src/shared/route-types";
import { setDefaultLogSink, type LogLine } from "../../src/shared/request-log";

const hello: EditorRoute<unknown> = (request) => (new URL(request.url).pathname === "/hello" ? new Response("hi") : undefined);

describe("runEditorRoute", () => {
  it("answers with the handler's response", async () => {
    const res = await runEditorRoute(hello, new Request("https://site.test/hello"), {});
    expect(await res.text()).toBe("hi");
  });

  it("turns a path fall-through into a JSON 404", async () => {
    const res = await runEditorRoute(hello, new Request("https://site.test/other"), {});
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("/other") });
  });

  it("gives the handler a ctx whose waitUntil is callable", async () => {
    const route: EditorRoute<unknown> = (_r, _e, ctx) => {
      ctx.waitUntil(Promise.resolve());
      return new Response("ok");
    };
    expect((await runEditorRoute(route, new Request("https://site.test/"), {})).status).toBe(200);
  });
});

describe("withErrorEdge", () => {
  it("turns an HttpError into its JSON response", async () => {
    const route = withErrorEdge(() => {
      throw new HttpError(409, "slug taken", { code: "conflict" });
    });
    const res = await runEditorRoute(route, new Request("https://site.test/"), {});
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "slug taken", code: "conflict" });
  });

  it("carries violations on a 422", async () => {
    const route = withErrorEdge(() => {
      throw new LouiseValidationError([{ path: "title", message: "title is required", code: "required" }]);
    });
    const res = await runEditorRoute(route, new Request("https://site.test/"), {});
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ violations: [{ path: "title", message: "title is required", code: "required" }] });
  });

  it("hides the internals of an unexpected error behind a 500, and logs its cause once for the operator", async () => {
    const lines: LogLine[] = [];
    setDefaultLogSink((line) => lines.push(line));
    const route = withErrorEdge(() => {
      throw new Error("D1_ERROR: secret table layout");
    });
    // The real env: every declared table is there, so the failure is not a missing piece (503).
    const request = new Request("https://site.test/", { headers: { "cf-ray": "8c1f2a3b4c5d6e7f-AMS" } });
    const res = await runEditorRoute(route, request, env);
    setDefaultLogSink(null);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("secret");
    expect(lines).toEqual([{ level: "error", requestId: "8c1f2a3b4c5d6e7f-AMS", action: "GET /", cause: expect.stringContaining("Error: D1_ERROR: secret table layout") }]);
  });
});

describe("composeRoutes", () => {
  it("answers from the first route that claims the path", async () => {
    const first: EditorRoute<unknown> = (r) => (new URL(r.url).pathname === "/a" ? new Response("first") : undefined);
    const second: EditorRoute<unknown> = () => new Response("second");
    const route = composeRoutes(first, second);
    expect(await (await runEditorRoute(route, new Request("https://site.test/a"), {})).text()).toBe("first");
    expect(await (await runEditorRoute(route, new Request("https://site.test/b"), {})).text()).toBe("second");
  });
});

describe("parseId", () => {
  it.each(["1", "42", "9007199254740991"])("accepts %s", (raw) => expect(parseId(raw)).toBe(Number(raw)));
  it.each(["0", "-1", "1.5", "abc", "01", "", "1e3", "99999999999999999"])("refuses %s with 400", (raw) => {
    expect(() => parseId(raw)).toThrow(HttpError);
  });
});
