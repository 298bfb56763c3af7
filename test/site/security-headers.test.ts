import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedDemoEditors, signIn, SITE } from "./demo-helpers";

beforeAll(async () => {
  await seedDemo();
  await seedDemoEditors();
});

function directives(csp: string | null): Map<string, string> {
  return new Map((csp ?? "").split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values.join(" ")]));
}

describe("response headers of the reference site", () => {
  it("a visitor's page runs no script and cannot be framed", async () => {
    const res = await exports.default.fetch(`${SITE}/about`);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toBe("'none'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(await res.text()).not.toContain("<script");
  });

  it("the login page runs no script either", async () => {
    const res = await exports.default.fetch(`${SITE}/login`);
    expect(directives(res.headers.get("content-security-policy")).get("script-src")).toBe("'none'");
  });

  it("edit mode allows exactly the scripts carrying this response's nonce, fresh on every response", async () => {
    const cookie = await signIn("ed@demo.test");
    const first = await exports.default.fetch(`${SITE}/about`, { headers: { cookie } });
    const scriptSrc = directives(first.headers.get("content-security-policy")).get("script-src") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await exports.default.fetch(`${SITE}/about`, { headers: { cookie } });
    expect(second.headers.get("content-security-policy")).not.toContain(`'nonce-${nonce}'`);
  });

  it("HSTS over https; JSON answers are nosniff with a locked-down CSP", async () => {
    const secure = await exports.default.fetch("https://localhost:8787/about");
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const api = await exports.default.fetch(`${SITE}/api/cms/pages`);
    expect(api.status).toBe(401);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
