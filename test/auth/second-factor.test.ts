import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionRoute } from "../../src/auth";
import { base32Decode, totpCode, totpStep } from "../../src/auth/totp";
import { EDGE_CF } from "../helpers/http";
import { ORIGIN, PASSWORD, SESSION_URL, call, cookiePair, insertEditor, signInRequest, uniqueIp } from "./helpers";

/* A clock the test moves, so codes are exact: each test starts on its own 30-second step. */
let clock = Date.UTC(2026, 0, 1);
const route = sessionRoute({ now: () => clock });

const TOTP_URL = `${SESSION_URL}/totp`;

function totpRequest(cookie: string, method: string, body?: unknown, ip = uniqueIp()): Request {
  return new Request(TOTP_URL, {
    method,
    headers: { cookie, origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": ip },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    cf: EDGE_CF,
  });
}

async function signedIn(role: "editor" | "admin" = "editor") {
  const editor = await insertEditor({ role });
  const cookie = cookiePair(await call(route, signInRequest({ email: editor.email, password: PASSWORD })));
  return { editor, cookie };
}

/** Turns TOTP on for a signed-in account; answers its secret and recovery codes. */
async function turnOn(cookie: string): Promise<{ secret: Uint8Array; recoveryCodes: string[] }> {
  const begun = await call(route, totpRequest(cookie, "POST"));
  expect(begun.status).toBe(200);
  const { secret } = await begun.json<{ secret: string }>();
  const bytes = base32Decode(secret)!;
  const confirmed = await call(route, totpRequest(cookie, "PUT", { code: await totpCode(bytes, totpStep(clock)) }));
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = await confirmed.json<{ recoveryCodes: string[] }>();
  return { secret: bytes, recoveryCodes };
}

function nextStep(): void {
  clock += 30_000;
}

describe("turning TOTP on and off (/api/cms/session/totp)", () => {
  it("begins with a base32 secret and its otpauth URI, confirms with a code, and answers ten recovery codes once", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    expect(await (await call(route, totpRequest(cookie, "GET"))).json()).toEqual({ enabled: false, required: false });

    const begun = await call(route, totpRequest(cookie, "POST"));
    const { secret, uri } = await begun.json<{ secret: string; uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/site.test:${encodeURIComponent(editor.email)}?secret=${secret}&issuer=site.test&algorithm=SHA1&digits=6&period=30`);
    expect(begun.headers.get("cache-control")).toBe("private, no-store");

    const code = await totpCode(base32Decode(secret)!, totpStep(clock));
    const confirmed = await call(route, totpRequest(cookie, "PUT", { code }));
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = await confirmed.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await (await call(route, totpRequest(cookie, "GET"))).json()).toEqual({ enabled: true, required: false });

    // Stored sealed: neither the secret nor a recovery code is in D1 as given.
    const row = await env.DB.prepare("SELECT secret FROM editor_totp WHERE editor_id = ?1").bind(editor.id).first<{ secret: string }>();
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(secret);
    const stored = await env.DB.prepare("SELECT code_hash FROM editor_recovery_codes WHERE editor_id = ?1").bind(editor.id).all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const { code_hash } of stored.results) expect(code_hash).toMatch(/^[0-9a-f]{64}$/);

    // A second begin while on is refused; it would replace the authenticator without a code.
    const again = await call(route, totpRequest(cookie, "POST"));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "second_factor_enabled" });
  });

  it("refuses a wrong confirmation code with 400 invalid_code and stays off", async () => {
    nextStep();
    const { cookie } = await signedIn();
    const { secret } = await (await call(route, totpRequest(cookie, "POST"))).json<{ secret: string }>();
    const wrong = String((Number(await totpCode(base32Decode(secret)!, totpStep(clock))) + 1) % 1_000_000).padStart(6, "0");
    const res = await call(route, totpRequest(cookie, "PUT", { code: wrong }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_code" });
    expect(await (await call(route, totpRequest(cookie, "GET"))).json()).toEqual({ enabled: false, required: false });
  });

  it("answers 409 no_second_factor to a confirmation with nothing begun, and 422 to a body without a code", async () => {
    nextStep();
    const { cookie } = await signedIn();
    const res = await call(route, totpRequest(cookie, "PUT", { code: "123456" }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "no_second_factor" });
    const empty = await call(route, totpRequest(cookie, "PUT", {}));
    expect(empty.status).toBe(422);
  });

  it("turns off only with a current code: a wrong one is refused and it stays on", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    const { secret } = await turnOn(cookie);
    const wrong = await call(route, totpRequest(cookie, "DELETE", { code: "000000" === (await totpCode(secret, totpStep(clock))) ? "111111" : "000000" }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "invalid_code" });

    nextStep();
    const off = await call(route, totpRequest(cookie, "DELETE", { code: await totpCode(secret, totpStep(clock)) }));
    expect(off.status).toBe(204);
    expect(await (await call(route, totpRequest(cookie, "GET"))).json()).toEqual({ enabled: false, required: false });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM editor_recovery_codes WHERE editor_id = ?1").bind(editor.id).first("n")).toBe(0);
    // Signing in needs the password alone again.
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }))).status).toBe(204);
  });

  it("refuses a cross-origin begin and answers 401 without a session", async () => {
    const { cookie } = await signedIn();
    const evil = new Request(TOTP_URL, { method: "POST", headers: { cookie, origin: "https://evil.test" } });
    expect((await call(route, evil)).status).toBe(403);
    expect((await call(route, new Request(TOTP_URL))).status).toBe(401);
  });

  it("counts wrong codes against the sign-in limits: past them, 429 and no check", async () => {
    nextStep();
    const limited = sessionRoute({ now: () => clock, limits: { perEmail: 2 } });
    const editor = await insertEditor();
    const cookie = cookiePair(await call(limited, signInRequest({ email: editor.email, password: PASSWORD })));
    const { secret } = await (await call(limited, totpRequest(cookie, "POST"))).json<{ secret: string }>();
    const ip = uniqueIp();
    const right = await totpCode(base32Decode(secret)!, totpStep(clock));
    const wrong = right === "000000" ? "111111" : "000000";
    expect((await call(limited, totpRequest(cookie, "PUT", { code: wrong }, ip))).status).toBe(400);
    expect((await call(limited, totpRequest(cookie, "PUT", { code: wrong }, ip))).status).toBe(400);
    const third = await call(limited, totpRequest(cookie, "PUT", { code: right }, ip));
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: "rate_limited" });
  });
});

describe("signing in with TOTP on", () => {
  it("needs the code after the password: without it 401 second_factor_needed and no cookie; with it 204", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    const { secret } = await turnOn(cookie);
    nextStep();

    const bare = await call(route, signInRequest({ email: editor.email, password: PASSWORD }));
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: "second_factor_needed" });
    expect(bare.headers.get("set-cookie")).toBeNull();

    const good = await call(route, signInRequest({ email: editor.email, password: PASSWORD, code: await totpCode(secret, totpStep(clock)) }));
    expect(good.status).toBe(204);
    expect(good.headers.get("set-cookie")).toMatch(/^cms_session=/);

    // A wrong password with a right code is still a wrong password.
    nextStep();
    const wrongPassword = await call(route, signInRequest({ email: editor.email, password: "not it", code: await totpCode(secret, totpStep(clock)) }));
    expect(await wrongPassword.json()).toMatchObject({ code: "invalid_credentials" });
  });

  it("refuses a code used once already (replay), within its window, and any older code", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    const { secret } = await turnOn(cookie);
    nextStep();
    const code = await totpCode(secret, totpStep(clock));
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD, code }))).status).toBe(204);
    const replay = await call(route, signInRequest({ email: editor.email, password: PASSWORD, code }));
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: "second_factor_needed" });
    const older = await call(route, signInRequest({ email: editor.email, password: PASSWORD, code: await totpCode(secret, totpStep(clock) - 1) }));
    expect(older.status).toBe(401);
  });

  it("takes a recovery code once, in any case and grouping", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    const { recoveryCodes } = await turnOn(cookie);
    const recovery = recoveryCodes[3]!;
    const typed = recovery.toUpperCase().replace(/-/g, " ");
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD, code: typed }))).status).toBe(204);
    const again = await call(route, signInRequest({ email: editor.email, password: PASSWORD, code: recovery }));
    expect(again.status).toBe(401);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD, code: recoveryCodes[4]! }))).status).toBe(204);
  });

  it("sends a form sign-in without the code back to the login page saying so", async () => {
    nextStep();
    const { editor, cookie } = await signedIn();
    await turnOn(cookie);
    const form = new Request(SESSION_URL, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
      body: new URLSearchParams({ email: editor.email, password: PASSWORD, code: "" }).toString(),
      cf: EDGE_CF,
    });
    const res = await call(route, form);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?error=code");
  });
});
