import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionRoute } from "../../../src/site/auth";
import { PASSWORD, call, formSignInRequest, insertEditor, signInRequest, uniqueEmail, uniqueIp } from "./helpers";

const MINUTE = 60_000;

/** A route on a clock the test moves. */
function clockedRoute(start = Date.UTC(2026, 3, 1, 12, 0, 0)) {
  const clock = { now: start };
  return { clock, route: sessionRoute({ now: () => clock.now }) };
}

describe("failed sign-in rate limit (KV, sliding window)", () => {
  it("answers the 6th attempt for one email within 15 minutes with 429 and Retry-After, refusing even the right password", async () => {
    const { clock, route } = clockedRoute();
    const editor = await insertEditor();
    for (let i = 0; i < 5; i++) {
      const res = await call(route, signInRequest({ email: editor.email, password: `guess-${i}` }));
      expect(res.status).toBe(401);
      clock.now += MINUTE;
    }
    const limited = await call(route, signInRequest({ email: editor.email, password: PASSWORD }));
    expect(limited.status).toBe(429);
    // The first failure (at minute 0) leaves the window at minute 15; it is minute 5 now.
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(await limited.json()).toMatchObject({ code: "rate_limited", retryAfter: 600 });
    expect(limited.headers.get("set-cookie")).toBeNull();
  });

  it("limits the email whatever the client IP and whatever the letter case", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    for (let i = 0; i < 5; i++) await call(route, signInRequest({ email: editor.email, password: "wrong" }));
    const elsewhere = await call(route, signInRequest({ email: editor.email.toUpperCase(), password: PASSWORD }, { ip: uniqueIp() }));
    expect(elsewhere.status).toBe(429);
  });

  it("counts failures for unknown emails too, so probing is limited the same way", async () => {
    const { route } = clockedRoute();
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 5; i++) expect((await call(route, signInRequest({ email, password: "x" }))).status).toBe(401);
    expect((await call(route, signInRequest({ email, password: "x" }))).status).toBe(429);
  });

  it("slides: old failures age out one by one instead of the count resetting at once", async () => {
    const { clock, route } = clockedRoute();
    const editor = await insertEditor();
    const fail = async () => (await call(route, signInRequest({ email: editor.email, password: "wrong" }))).status;
    for (let i = 0; i < 3; i++) expect(await fail()).toBe(401); // minute 0
    clock.now += 10 * MINUTE;
    for (let i = 0; i < 2; i++) expect(await fail()).toBe(401); // minute 10
    expect(await fail()).toBe(429);

    // Minute 16: the three from minute 0 have aged out, the two from minute 10 still count.
    clock.now += 6 * MINUTE;
    for (let i = 0; i < 3; i++) expect(await fail()).toBe(401);
    expect(await fail()).toBe(429);

    // Minute 26: the two from minute 10 are gone too; three remain, and the right password works.
    clock.now += 10 * MINUTE;
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }))).status).toBe(204);
  });

  it("resets the email's count on a successful sign-in", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(401);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }))).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(401);
    expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(429);
  });

  it("limits one client IP to 20 failures across emails, then 429 for any email from it", async () => {
    const { route } = clockedRoute();
    const ip = uniqueIp();
    const editor = await insertEditor();
    for (let i = 0; i < 20; i++) {
      expect((await call(route, signInRequest({ email: uniqueEmail("spray"), password: "x" }, { ip }))).status).toBe(401);
    }
    const limited = await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBe(900);
    // The same account from another IP is not blocked by this IP's count.
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip: uniqueIp() }))).status).toBe(204);
  });

  it("does not count malformed requests as failed sign-ins", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    for (let i = 0; i < 6; i++) expect((await call(route, signInRequest({ email: editor.email }))).status).toBe(422);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }))).status).toBe(204);
  });

  it("stores its windows in KV with an expiry, keyed by a digest rather than the address", async () => {
    const { route } = clockedRoute();
    const email = uniqueEmail("stored");
    const ip = uniqueIp();
    await call(route, signInRequest({ email, password: "x" }, { ip }));
    const { keys } = await env.KV.list({ prefix: "signin-fail:" });
    const names = keys.map((k) => k.name);
    expect(names).toContain(`signin-fail:ip:${ip}`);
    expect(names.some((name) => name.includes(email))).toBe(false);
    const ipKey = keys.find((k) => k.name === `signin-fail:ip:${ip}`);
    expect(ipKey?.expiration).toBeGreaterThan(Date.now() / 1000 + 60);
  });

  it("sends a limited form sign-in back to the login page with Retry-After", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    for (let i = 0; i < 5; i++) await call(route, formSignInRequest({ email: editor.email, password: "wrong" }));
    const res = await call(route, formSignInRequest({ email: editor.email, password: PASSWORD }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?error=rate_limited");
    expect(res.headers.get("retry-after")).toBe("900");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
