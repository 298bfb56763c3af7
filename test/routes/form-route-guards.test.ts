import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { issueFormToken } from "../../src/cores/forms";
import { verifyWebhookSignature, type MailMessage, type Mailer } from "../../src/cores/notify";
import { formRoute } from "../../src/routes/form-route";
import { submissions } from "../../src/tables/forms";
import { createFakeFetch, fakeSiteverify, type SeenRequest } from "../fixtures/forms/fake-fetch";
import { formEnv, guardedForm, notifyForm, TIMING_SECRET, TURNSTILE_SECRET, WEBHOOK_SECRET, WEBHOOK_URL } from "../fixtures/forms/forms";
import { request } from "../helpers/http";

const SITEVERIFY = "https://turnstile.local.test/siteverify";
const T0 = Date.UTC(2026, 0, 1, 12);
let clock = T0;
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

afterEach(() => vi.restoreAllMocks());

const storedGuarded = async () => (await env.DB.prepare("SELECT count(*) AS n FROM submissions WHERE form = 'guarded'").first<{ n: number }>())!.n;

function guardedRoute(siteverify = fakeSiteverify()) {
  const route = formRoute({ forms: [guardedForm], genericTable: submissions, fetch: siteverify.fetch, now: () => clock, turnstileUrl: SITEVERIFY });
  return { route, siteverify };
}

async function submit(route: ReturnType<typeof formRoute>, ip: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const req = request("POST", "/api/cms/forms/guarded", {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip, ...headers },
  });
  const res = (await route(req, formEnv(), ctx)) as Response;
  await waitOnExecutionContext(ctx);
  return res;
}

/** A submission that passes every guard: a valid Turnstile token, an empty honeypot, a 10-second-old timing token. */
async function human(extra: Record<string, string> = {}) {
  return {
    message: "Hello",
    "cf-turnstile-response": "good-token",
    website: "",
    cms_form_ts: await issueFormToken(TIMING_SECRET, "guarded", clock - 10_000),
    ...extra,
  };
}

describe("formRoute guard 1: the rate limit (per client address and form)", () => {
  it("admits the budget, then answers 429 with Retry-After and never asks Turnstile", async () => {
    const { route, siteverify } = guardedRoute();
    const ip = freshIp();
    clock = T0;
    expect((await submit(route, ip, await human())).status).toBe(200);
    clock = T0 + 20_000;
    expect((await submit(route, ip, await human())).status).toBe(200);
    const before = await storedGuarded();
    const asked = siteverify.calls.length;
    clock = T0 + 30_000;
    const res = await submit(route, ip, await human());
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(await res.json()).toMatchObject({ code: "rate_limited" });
    expect(siteverify.calls.length).toBe(asked);
    expect(await storedGuarded()).toBe(before);
  });

  it("frees the budget exactly when the oldest hit leaves the window", async () => {
    const { route } = guardedRoute();
    const ip = freshIp();
    clock = T0;
    await submit(route, ip, await human());
    await submit(route, ip, await human());
    clock = T0 + 59_999;
    expect((await submit(route, ip, await human())).status).toBe(429);
    clock = T0 + 60_000;
    expect((await submit(route, ip, await human())).status).toBe(200);
  });

  it("counts each address separately", async () => {
    const { route } = guardedRoute();
    const ip = freshIp();
    clock = T0;
    await submit(route, ip, await human());
    await submit(route, ip, await human());
    expect((await submit(route, ip, await human())).status).toBe(429);
    expect((await submit(route, freshIp(), await human())).status).toBe(200);
  });

  it("a rate-limited plain HTML post is redirected to the error URL, keeping Retry-After", async () => {
    const { route } = guardedRoute();
    const ip = freshIp();
    clock = T0;
    await submit(route, ip, await human());
    await submit(route, ip, await human());
    const res = await submit(route, ip, await human(), { accept: "text/html", "sec-fetch-mode": "navigate" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://site.test/oops?form_error=rate_limited");
    expect(res.headers.get("retry-after")).toBe("60");
  });
});

describe("formRoute guard 2: Turnstile", () => {
  it("sends the exact siteverify request and admits a valid token", async () => {
    const { route, siteverify } = guardedRoute();
    const ip = freshIp();
    clock = T0;
    expect((await submit(route, ip, await human())).status).toBe(200);
    expect(siteverify.calls).toEqual([
      {
        url: SITEVERIFY,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ secret: TURNSTILE_SECRET, response: "good-token", remoteip: ip }).toString(),
      },
    ]);
  });

  it("refuses a rejected token with 403 and stores nothing", async () => {
    const { route } = guardedRoute();
    const before = await storedGuarded();
    const res = await submit(route, freshIp(), await human({ "cf-turnstile-response": "forged" }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "turnstile_failed" });
    expect(await storedGuarded()).toBe(before);
  });

  it("refuses a missing token with 403 without calling siteverify", async () => {
    const { route, siteverify } = guardedRoute();
    const fields = await human();
    delete (fields as Record<string, string>)["cf-turnstile-response"];
    expect((await submit(route, freshIp(), fields)).status).toBe(403);
    expect(siteverify.calls).toHaveLength(0);
  });

  it.each([
    ["answers 500", createFakeFetch(() => new Response("down", { status: 500 }))],
    ["is unreachable", createFakeFetch(() => Promise.reject(new TypeError("network down")))],
    ["answers non-JSON", createFakeFetch(() => new Response("<html>", { status: 200 }))],
  ])("fails closed with 503 when siteverify %s", async (_label, broken) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { route } = guardedRoute(broken);
    const before = await storedGuarded();
    const res = await submit(route, freshIp(), await human());
    expect(res.status).toBe(503);
    expect(await storedGuarded()).toBe(before);
  });

  it("runs before the silent checks: a bot failing Turnstile gets 403 even with the honeypot filled", async () => {
    const { route } = guardedRoute();
    const res = await submit(route, freshIp(), await human({ "cf-turnstile-response": "forged", website: "spam.example" }));
    expect(res.status).toBe(403);
  });
});

describe("formRoute guard 3: the silent honeypot and timing checks", () => {
  const silentCases: [string, () => Promise<Record<string, string>>][] = [
    ["a filled honeypot", () => human({ website: "https://spam.example" })],
    ["a submit sooner than minSeconds after render", async () => human({ cms_form_ts: await issueFormToken(TIMING_SECRET, "guarded", clock - 1_999) })],
    ["a missing timing token", async () => { const f = await human(); delete (f as Record<string, string>).cms_form_ts; return f; }],
    ["a timing token signed with another key", async () => human({ cms_form_ts: await issueFormToken("not-the-secret", "guarded", clock - 10_000) })],
    ["a timing token minted for another form", async () => human({ cms_form_ts: await issueFormToken(TIMING_SECRET, "contact", clock - 10_000) })],
    ["a timing token from the future", async () => human({ cms_form_ts: await issueFormToken(TIMING_SECRET, "guarded", clock + 10_000) })],
    ["an old time pasted over a real token's time", async () => {
      const real = await issueFormToken(TIMING_SECRET, "guarded", clock - 500);
      return human({ cms_form_ts: `${clock - 60_000}.${real.split(".")[1]}` });
    }],
  ];

  it.each(silentCases)("%s answers exactly like success and stores nothing", async (_label, fields) => {
    const { route } = guardedRoute();
    clock = T0;
    const before = await storedGuarded();
    const res = await submit(route, freshIp(), await fields());
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(JSON.stringify({ ok: true }));
    expect(await storedGuarded()).toBe(before);
  });

  it("a silent discard of a plain HTML post is the same 303 to the thank-you URL", async () => {
    const { route } = guardedRoute();
    const res = await submit(route, freshIp(), await human({ website: "x" }), { accept: "text/html", "sec-fetch-mode": "navigate" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("https://site.test/thanks");
  });

  it("a submit exactly minSeconds after render is stored", async () => {
    const { route } = guardedRoute();
    const before = await storedGuarded();
    const res = await submit(route, freshIp(), await human({ cms_form_ts: await issueFormToken(TIMING_SECRET, "guarded", clock - 2_000) }));
    expect(res.status).toBe(200);
    expect(await storedGuarded()).toBe(before + 1);
  });
});

describe("formRoute notify", () => {
  function recordingMailer(fail = false) {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      async send(message) {
        if (fail) throw new Error("mail relay refused");
        sent.push(message);
      },
    };
    return { mailer, sent };
  }

  async function post(route: ReturnType<typeof formRoute>, body: unknown) {
    const ctx = createExecutionContext();
    const res = (await route(request("POST", "/api/cms/forms/notified", { body }), formEnv(), ctx)) as Response;
    return { res, ctx };
  }

  it("runs after the response through ctx.waitUntil: a signed JSON webhook and an email", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let delivered = false;
    const hook = createFakeFetch(async () => {
      await held;
      delivered = true;
      return new Response(null, { status: 204 });
    });
    const { mailer, sent } = recordingMailer();
    const route = formRoute({ forms: [notifyForm], genericTable: submissions, fetch: hook.fetch, now: () => clock, mailer: () => mailer });
    clock = T0;
    const { res, ctx } = await post(route, { name: "Ann", email: "ann@example.test", note: "Call me", extra: "dropped" });
    // The answer is out while the webhook is still in flight.
    expect(res.status).toBe(200);
    expect(delivered).toBe(false);
    release();
    await waitOnExecutionContext(ctx);
    expect(delivered).toBe(true);
    expect(hook.calls).toHaveLength(1);

    const row = await env.DB.prepare("SELECT id, created_at AS createdAt FROM submissions WHERE form = 'notified' ORDER BY id DESC LIMIT 1").first<{ id: number; createdAt: string }>();
    const call = hook.calls[0] as SeenRequest;
    expect(call.url).toBe(WEBHOOK_URL);
    expect(call.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(call.body)).toEqual({ form: "notified", id: row!.id, submittedAt: row!.createdAt, data: { name: "Ann", email: "ann@example.test", note: "Call me" } });
    expect(call.headers["x-cms-signature"]).toMatch(new RegExp(`^t=${T0 / 1000},v1=[0-9a-f]{64}$`));
    expect(await verifyWebhookSignature(WEBHOOK_SECRET, call.body, call.headers["x-cms-signature"] ?? null, T0)).toBe(true);
    expect(sent).toEqual([
      {
        to: ["owner@example.test", "sales@example.test"],
        subject: "New lead",
        replyTo: "ann@example.test",
        text: `New submission #${row!.id} to the notified form at ${row!.createdAt}.\n\nname: Ann\nemail: ann@example.test\nnote: Call me\n`,
      },
    ]);
  });

  it("a failing webhook and mailer are logged and never fail the submission", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const hook = createFakeFetch(() => new Response("nope", { status: 500 }));
    const { mailer } = recordingMailer(true);
    const route = formRoute({ forms: [notifyForm], genericTable: submissions, fetch: hook.fetch, now: () => clock, mailer: () => mailer });
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM submissions WHERE form = 'notified'").first<{ n: number }>())!.n;
    const { res, ctx } = await post(route, { name: "Bo", email: "bo@example.test" });
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM submissions WHERE form = 'notified'").first<{ n: number }>())!.n).toBe(before + 1);
    const logged = errors.mock.calls.map((args) => String(args[0]));
    expect(logged.filter((line) => line.includes("notify of submission"))).toHaveLength(2);
  });

  it("does not notify for a rejected or silently discarded submission", async () => {
    const hook = createFakeFetch(() => new Response(null, { status: 204 }));
    const route = formRoute({ forms: [notifyForm, guardedForm], genericTable: submissions, fetch: hook.fetch, now: () => clock, turnstileUrl: SITEVERIFY });
    const { ctx } = await post(route, { name: "" });
    await waitOnExecutionContext(ctx);
    expect(hook.calls).toHaveLength(0);
  });
});
