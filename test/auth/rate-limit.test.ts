import { describe, expect, it } from "vitest";
import { sessionRoute } from "../../src/auth";
import { PASSWORD, call, formSignInRequest, insertEditor, signInRequest, uniqueEmail, uniqueIp } from "./helpers";

const MINUTE = 60_000;

/** A route on a clock the test moves. */
function clockedRoute(start = Date.UTC(2026, 3, 1, 12, 0, 0)) {
  const clock = { now: start };
  return { clock, route: sessionRoute({ now: () => clock.now }) };
}

describe("sign-in limits (atomic, per address and per account and address)", () => {
  it("answers the 6th attempt at one account from one address within 15 minutes with 429 and Retry-After, refusing even the right password", async () => {
    const { clock, route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const res = await call(route, signInRequest({ email: editor.email, password: `guess-${i}` }, { ip }));
      expect(res.status).toBe(401);
      clock.now += MINUTE;
    }
    const limited = await call(route, signInRequest({ email: editor.email.toUpperCase(), password: PASSWORD }, { ip }));
    expect(limited.status).toBe(429);
    // The first failure (at minute 0) leaves the window at minute 15; it is minute 5 now.
    expect(limited.headers.get("retry-after")).toBe("600");
    expect(await limited.json()).toMatchObject({ code: "rate_limited", retryAfter: 600 });
    expect(limited.headers.get("set-cookie")).toBeNull();
  });

  it("a guesser cannot lock the real editor out: failures from one address leave the account open from another", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const attacker = uniqueIp();
    for (let i = 0; i < 8; i++) await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip: attacker }));
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip: attacker }))).status).toBe(429);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip: uniqueIp() }))).status).toBe(204);
  });

  it("50 parallel wrong passwords at one account from one address: exactly 5 are checked", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => call(route, signInRequest({ email: editor.email, password: `guess-${i}` }, { ip })).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
  });

  it("50 parallel guesses from one address at 50 accounts: exactly 20 are checked", async () => {
    const { route } = clockedRoute();
    const ip = uniqueIp();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => call(route, signInRequest({ email: uniqueEmail("spray"), password: "x" }, { ip })).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it("counts attempts at unknown emails too, so probing is limited the same way", async () => {
    const { route } = clockedRoute();
    const email = uniqueEmail("ghost");
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await call(route, signInRequest({ email, password: "x" }, { ip }))).status).toBe(401);
    expect((await call(route, signInRequest({ email, password: "x" }, { ip }))).status).toBe(429);
  });

  it("slides: old failures age out one by one instead of the count resetting at once", async () => {
    const { clock, route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    const fail = async () => (await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status;
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
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }))).status).toBe(204);
  });

  it("resets the account's count on a successful sign-in", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(401);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }))).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(401);
    expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip }))).status).toBe(429);
  });

  it("successful sign-ins do not use up the address's budget (a shared office address)", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 25; i++) expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }))).status).toBe(204);
  });

  // 22 sign-ins, each a 100,000-round PBKDF2 (workerd's cap): seconds on a busy machine.
  it("limits one client address to 20 attempts across emails, then 429 for any email from it", async () => {
    const { route } = clockedRoute();
    const ip = uniqueIp();
    const editor = await insertEditor();
    for (let i = 0; i < 20; i++) {
      expect((await call(route, signInRequest({ email: uniqueEmail("spray"), password: "x" }, { ip }))).status).toBe(401);
    }
    const limited = await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBe(900);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip: uniqueIp() }))).status).toBe(204);
  }, 30_000);

  it("counts an IPv6 client by its /64, so rotating addresses inside it buys nothing", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const prefix = `2001:db8:${(Math.random() * 0xffff) | 0}:7`;
    for (let i = 1; i <= 5; i++) {
      expect((await call(route, signInRequest({ email: editor.email, password: "wrong" }, { ip: `${prefix}::${i.toString(16)}` }))).status).toBe(401);
    }
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip: `${prefix}:ffff:ffff:ffff:ffff` }))).status).toBe(429);
  });

  it("does not count malformed requests as attempts", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 6; i++) expect((await call(route, signInRequest({ email: editor.email }, { ip }))).status).toBe(422);
    expect((await call(route, signInRequest({ email: editor.email, password: PASSWORD }, { ip }))).status).toBe(204);
  });

  it("sends a limited form sign-in back to the login page with Retry-After", async () => {
    const { route } = clockedRoute();
    const editor = await insertEditor();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await call(route, formSignInRequest({ email: editor.email, password: "wrong" }, ip));
    const res = await call(route, formSignInRequest({ email: editor.email, password: PASSWORD }, ip));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?error=rate_limited");
    expect(res.headers.get("retry-after")).toBe("900");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
