import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueFormToken } from "../../src/cores/forms";
import { EDGE_CF } from "../helpers/http";

/* As Cloudflare's edge delivers a post: a host name and request.cf, so CF-Connecting-IP is believed. */
const EDGE_SITE = "https://site.test";

const inquiries = async () => (await env.DB.prepare("SELECT count(*) AS n FROM inquiries").first<{ n: number }>())!.n;

async function post(ip: string, issuedAt: number, token?: string, site = EDGE_SITE): Promise<number> {
  const res = await exports.default.fetch(`${site}/api/cms/forms/contact`, {
    method: "POST",
    ...(site === EDGE_SITE ? { cf: EDGE_CF } : {}),
    headers: { origin: site, "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({
      name: "Ada",
      email: "ada@example.test",
      message: "Hello",
      website: "",
      cms_form_ts: token ?? (await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", issuedAt)),
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe("the contact form's rate limit is atomic", () => {
  it("50 parallel posts from one address store exactly the budget of 5", async () => {
    const before = await inquiries();
    const now = Date.now();
    // Each post carries its own timing token (a token is single-use), so only the rate limit decides.
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => post("198.51.100.50", now - 10_000 - i)));
    expect(statuses.filter((s) => s === 429), String(statuses)).toHaveLength(45);
    expect(await inquiries()).toBe(before + 5);
  });
});

describe("the contact form's rate limit off Cloudflare's edge", () => {
  it("does not believe CF-Connecting-IP (wrangler dev keeps a client's value): posts from any claimed address share one budget", async () => {
    const before = await inquiries();
    const now = Date.now();
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => post(`192.0.2.${i + 1}`, now - 10_000 - i, undefined, "http://127.0.0.1:8787")));
    expect(statuses.filter((s) => s === 429), String(statuses)).toHaveLength(3);
    expect(await inquiries()).toBe(before + 5);
  });
});

describe("the contact form's timing token", () => {
  it("is good for one submission: a replay is 409 and stores nothing", async () => {
    const token = await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now() - 10_000);
    expect(await post("198.51.100.60", 0, token)).toBe(200);
    const before = await inquiries();
    expect(await post("198.51.100.61", 0, token)).toBe(409);
    expect(await inquiries()).toBe(before);
  });

  it("expires after two hours: 422 and nothing stored", async () => {
    const before = await inquiries();
    expect(await post("198.51.100.62", Date.now() - 2 * 3_600_000 - 1_000)).toBe(422);
    expect(await inquiries()).toBe(before);
  });
});
