import { env } from "cloudflare:workers";
import { resolveSiteEditor, sessionRoute, teamLinkPageRoute, teamRoute } from "../../src/auth";
import type { TeamLimits } from "../../src/auth";
import type { EditorRole } from "../../src/auth";
import { EDGE_CF } from "../helpers/http";
import { ORIGIN, PASSWORD, call, cookiePair, insertEditor, signInRequest, uniqueIp } from "./helpers";

export const EDITORS_URL = `${ORIGIN}/api/cms/editors`;

/**
 * A clock the test moves: links expire without waiting. It starts at the real time, since the
 * sessions a link starts are then read by resolvers on the real clock (a fixed start made every
 * such session expired eight hours after it).
 */
export function testClock(start = Date.now()) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

/** The team route and the link pages over one clock, with limits a test can reach. */
export function teamRoutes(clock = testClock(), limits: Partial<TeamLimits> = {}) {
  return {
    clock,
    team: teamRoute({ resolveEditor: resolveSiteEditor, now: clock.now, limits }),
    pages: teamLinkPageRoute({ now: clock.now, limits }),
  };
}

/** An account of `role`, signed in through the session route: its id, email and cookie. */
export async function signedIn(role: EditorRole, name = `${role} person`) {
  const editor = await insertEditor({ role, name });
  const res = await call(sessionRoute(), signInRequest({ email: editor.email, password: PASSWORD }));
  if (res.status !== 204) throw new Error(`sign-in answered ${res.status}`);
  return { ...editor, cookie: cookiePair(res) };
}

/** A same-origin request to the team routes as the holder of `cookie`. */
export function teamRequest(cookie: string, method: string, path = "", body?: unknown): Request {
  return new Request(`${EDITORS_URL}${path}`, {
    method,
    headers: { cookie, origin: ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

/** The token at the end of an invite or reset URL. */
export function tokenOf(url: string): string {
  return url.slice(url.lastIndexOf("/") + 1);
}

/** A same-origin form post of a password, as the page of link `path` sends it (to `/invite` or `/reset`, the token in the body), from its own client address. */
export function passwordPost(path: string, password: string, confirm = password, ip = uniqueIp()): Request {
  const slash = path.lastIndexOf("/");
  return new Request(`${ORIGIN}${path.slice(0, slash)}`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
    body: new URLSearchParams({ token: path.slice(slash + 1), password, confirm }).toString(),
    cf: EDGE_CF,
  });
}

/** How many sessions an account has. */
export async function sessionCount(editorId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM editor_sessions WHERE editor_id = ?1").bind(editorId).first<{ n: number }>();
  return row!.n;
}
