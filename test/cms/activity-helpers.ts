import { env, exports } from "cloudflare:workers";
import { hashPassword } from "../../src/auth";
import type { ActivityKind } from "../../src/shared/activity";
import { until } from "../objects/room-client";
import { PASSWORD, SITE } from "../site/demo-helpers";

/* Helpers of the activity tests: requests to the reference site and the rows they left. */

/** An activity row as D1 holds it. */
export interface ActivityRow {
  id: number;
  at: string;
  actor_id: string | null;
  actor_name: string;
  kind: ActivityKind;
  collection: string | null;
  record_id: number | null;
  version_id: number | null;
  detail: string;
  request_id: string;
}

/** A request to the reference site from its own origin, with `cookie` when given. */
export function site(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", SITE);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (typeof init.body === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  return exports.default.fetch(`${SITE}${path}`, { ...init, headers });
}

/** Adds `adm@demo.test` (admin) with the demo password. */
export async function seedAdmin(): Promise<void> {
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) VALUES ('adm@demo.test', 'Adm', 'admin', ?1)").bind(await hashPassword(PASSWORD)).run();
}

/** The id of the account with `email`. */
export async function editorId(email: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM editors WHERE email = ?1").bind(email).first<{ id: number }>();
  return String(row!.id);
}

/** The activity rows a request id left. */
export async function rowsOf(requestId: string | null): Promise<ActivityRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM activity WHERE request_id = ?1 ORDER BY id").bind(requestId).all<ActivityRow>();
  return results;
}

/**
 * The rows the request that got `response` left, once `count` are there: they are written after
 * the answer (`ctx.waitUntil`). The wait is generous: it bounds a hang, not the speed.
 */
export async function rowsAfter(response: Response, count = 1): Promise<ActivityRow[]> {
  const id = response.headers.get("x-request-id");
  await until(async () => (await rowsOf(id)).length >= count, 20_000);
  return rowsOf(id);
}

/** Every row of one record, oldest first. */
export async function rowsOfRecord(collection: string, id: number): Promise<ActivityRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM activity WHERE collection = ?1 AND record_id = ?2 ORDER BY id").bind(collection, id).all<ActivityRow>();
  return results;
}

/** How many rows the table holds. */
export async function activityCount(): Promise<number> {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM activity").first<{ n: number }>())!.n;
}
