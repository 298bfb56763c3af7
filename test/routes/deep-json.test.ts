import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "../site/demo-helpers";

/* Every JSON entry of the reference site, with the field a nested value goes into. */
const ROUTES: [method: string, path: string, wrap: (deep: unknown) => unknown][] = [
  ["POST", "/api/cms/pages", (deep) => ({ slug: "deep-page", title: "Deep", sections: deep })],
  ["PATCH", "/api/cms/pages/2", (deep) => ({ sections: deep })],
  ["POST", "/api/cms/pages/2/versions", (deep) => ({ sections: deep })],
  ["POST", "/api/cms/pages/2/publish", (deep) => ({ versionId: deep })],
  ["POST", "/api/cms/settings", (deep) => ({ siteName: deep })],
  ["PATCH", "/api/cms/settings", (deep) => ({ custom: deep, siteName: "x" })],
  ["POST", "/api/cms/save", (deep) => ({ field: "pages:2:sections", value: deep })],
  ["PATCH", "/api/cms/media", (deep) => ({ key: "a.png", alt: deep })],
  ["POST", "/api/cms/session", (deep) => ({ email: deep, password: "x" })],
  ["POST", "/api/cms/forms/contact", (deep) => ({ name: deep, email: "a@example.test", message: "hi" })],
];

function nested(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

let cookie = "";
beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
  cookie = await signIn("pub@demo.test");
});

describe("deeply nested JSON bodies are refused with a 4xx on every JSON route", () => {
  const cases = ROUTES.flatMap(([method, path, wrap]) =>
    [1_000, 5_000].flatMap((depth) => (["array", "object"] as const).map((kind) => [method, path, depth, kind, wrap] as const)),
  );
  it.each(cases)("%s %s with a value %i deep (%s)", async (method, path, depth, kind, wrap) => {
    const marker = "__DEEP__";
    const body = JSON.stringify(wrap(marker)).replace(`"${marker}"`, nested(depth, kind));
    const res = await exports.default.fetch(`${SITE}${path}`, {
      method,
      headers: { cookie, origin: SITE, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // The sign-in body cap (a few KB) may refuse it first, as a 413.
    expect(await res.json()).toMatchObject({ error: expect.any(String), code: expect.stringMatching(/^(too_deep|body_too_large)$/) });
  });
});
