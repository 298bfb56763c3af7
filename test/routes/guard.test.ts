import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { guardEditor, isSameOriginRequest, requireEditor } from "../../src/routes/guard";
import { HttpError } from "../../src/shared/errors";
import { headerResolver, request, SITE } from "../helpers/http";

async function status(promise: Promise<unknown>): Promise<number | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

describe("isSameOriginRequest", () => {
  it.each([
    ["matching Origin", { origin: SITE }, true],
    ["foreign Origin", { origin: "https://evil.test" }, false],
    ["Origin on another port", { origin: "https://site.test:8443" }, false],
    ["Origin on plain http", { origin: "http://site.test" }, false],
    ["opaque Origin null", { origin: "null" }, false],
    ["no Origin, Sec-Fetch-Site same-origin", { "sec-fetch-site": "same-origin" }, true],
    ["no Origin, Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }, false],
    ["no Origin, Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }, false],
    ["neither header", {}, false],
    ["foreign Origin wins over Sec-Fetch-Site", { origin: "https://evil.test", "sec-fetch-site": "same-origin" }, false],
  ])("%s → %s", (_name, headers, expected) => {
    expect(isSameOriginRequest(new Request(`${SITE}/api/cms/pages`, { method: "POST", headers }))).toBe(expected);
  });
});

describe("requireEditor / guardEditor", () => {
  const editor = { "x-test-editor": "editor" };
  const publisher = { "x-test-editor": "publisher" };

  it("refuses a request without a session with 401", async () => {
    expect(await status(requireEditor(request("GET", "/x"), env, headerResolver))).toBe(401);
  });

  it("lets an editor read cross-origin: reads skip the origin check", async () => {
    expect(await status(requireEditor(request("GET", "/x", { origin: "https://evil.test", headers: editor }), env, headerResolver))).toBe("ok");
  });

  it.each(["POST", "PATCH", "PUT", "DELETE"])("refuses a cross-origin %s from an editor with 403", async (method) => {
    expect(await status(requireEditor(request(method, "/x", { origin: "https://evil.test", headers: editor }), env, headerResolver))).toBe(403);
  });

  it("refuses a mutation with no Origin and no Sec-Fetch-Site", async () => {
    expect(await status(requireEditor(request("POST", "/x", { origin: null, headers: editor }), env, headerResolver))).toBe(403);
  });

  it("accepts a same-origin mutation from an editor", async () => {
    expect(await status(requireEditor(request("POST", "/x", { headers: editor }), env, headerResolver))).toBe("ok");
  });

  it("answers a missing session with 403 where a route's contract says so (inline save, upload)", async () => {
    expect(await status(guardEditor(request("POST", "/x"), env, headerResolver, { noSessionStatus: 403 }))).toBe(403);
    expect(await status(guardEditor(request("POST", "/x"), env, headerResolver))).toBe(401);
  });

  it("needs access.publish when asked for the publish privilege", async () => {
    expect(await status(guardEditor(request("POST", "/x", { headers: editor }), env, headerResolver, { publish: true }))).toBe(403);
    expect(await status(guardEditor(request("POST", "/x", { headers: publisher }), env, headerResolver, { publish: true }))).toBe("ok");
  });
});
