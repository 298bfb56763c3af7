import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import seedSql from "../../scripts/seed-demo.sql?raw";
import germanSeedSql from "../../scripts/seed-demo-de.sql?raw";
import { hashPassword } from "../../src/auth";

export const SITE = "http://localhost:8787";
export const PASSWORD = "correct horse battery staple";

/** Runs the demo seed (home and about pages, published). */
export function seedDemo(): Promise<void> {
  return runSeed(seedSql);
}

/** Runs the German seed (`/de/` and `/de/ueber-uns`, translations of the demo's pages); safe to run again. */
export function seedDemoGerman(): Promise<void> {
  return runSeed(germanSeedSql);
}

/* A seed file's statements, comments dropped, as one D1 batch. */
async function runSeed(sql: string): Promise<void> {
  const statements = sql
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

/** Adds `ed@demo.test` (editor) and `pub@demo.test` (publisher) with `PASSWORD`. */
export async function seedDemoEditors(): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) VALUES ('ed@demo.test', 'Ed', 'editor', ?1)").bind(hash).run();
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) VALUES ('pub@demo.test', 'Pub', 'publisher', ?1)").bind(hash).run();
  await env.DB.prepare("INSERT OR IGNORE INTO editors (email, name, role, password_hash) VALUES ('ada@demo.test', 'Ada', 'admin', ?1)").bind(hash).run();
}

/** Adds (or replaces the role and scope of) an account with `PASSWORD`: a scoped freelancer, say. */
export async function seedEditor(email: string, role: "editor" | "publisher" | "admin", scopes: Record<string, unknown> = {}): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await env.DB.prepare("INSERT INTO editors (email, name, role, scopes, password_hash) VALUES (?1, ?1, ?2, ?3, ?4) ON CONFLICT (email) DO UPDATE SET role = ?2, scopes = ?3")
    .bind(email, role, JSON.stringify(scopes), hash)
    .run();
}

/** Signs in through the worker and answers the `name=value` session cookie. */
export async function signIn(email: string): Promise<string> {
  const res = await exports.default.fetch(`${SITE}/api/cms/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(204);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}
