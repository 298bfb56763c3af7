import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_CHECK } from "../../src/objects/room-access";
import { ROOM_CLOSE } from "../../src/shared/room-protocol";
import type { EditorSession } from "../../src/shared/session";
import { configureRoom, connect, editor, newPage, until } from "./room-client";

/*
 * The room's own session alarm, now that a sign-out or a change of access is pushed: it comes at
 * the earliest expiry among the connected sessions, and otherwise only as the slow safety net
 * (`sessionSafetyMs`) for a push that went missing. The connections here never speak after they
 * sync, so no message confirms them (`sessionRecheckMs`); only the alarm can.
 */

/* A stored editor and a sign-in session of theirs lasting `seconds`, as the built-in sign-in resolves it. */
async function storedSession(name: string, seconds: number): Promise<EditorSession> {
  const row = await env.DB.prepare("INSERT INTO editors (email, name, role, password_hash) VALUES (?1, ?2, 'editor', 'unused') RETURNING id")
    .bind(`${name}-${crypto.randomUUID()}@example.test`, name)
    .first<{ id: number }>();
  const sessionId = crypto.randomUUID();
  const expires = Math.floor(Date.now() / 1000) + seconds;
  await env.DB.prepare("INSERT INTO editor_sessions (id, editor_id, expires_at) VALUES (?1, ?2, ?3)").bind(sessionId, row!.id, expires).run();
  return { ...editor(name), id: String(row!.id), sessionId, sessionExpiresAt: expires * 1000 };
}

function sessionTimer(id: number): Promise<number | null> {
  return runInDurableObject(env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(`pages:${id}`)), (_room: unknown, state) => {
    const row = state.storage.sql.exec<{ at: number }>("SELECT at FROM room_timers WHERE kind = ?", SESSION_CHECK).toArray()[0];
    return row ? row.at : null;
  });
}

describe("the room's session alarm", () => {
  it("is set at the earliest expiry among the connected sessions, and closes that connection (4401) then; the other stays", async () => {
    configureRoom();
    const id = await newPage();
    const soon = await storedSession("soon", 2);
    const later = await storedSession("later", 3_600);
    const leaving = await connect(id, soon);
    const staying = await connect(id, later);
    expect(await sessionTimer(id)).toBe(soon.sessionExpiresAt);
    await until(() => leaving.closed !== null, 10_000);
    expect(leaving.closed?.code).toBe(ROOM_CLOSE.NO_EDITOR);
    expect(staying.closed).toBeNull();
    staying.ws.close(1000, "done");
  }, 30_000);

  it("as the safety net, closes a quiet connection whose session ended without a push (4401) after sessionSafetyMs", async () => {
    configureRoom({ sessionSafetyMs: 1_000 });
    const id = await newPage();
    const session = await storedSession("missed", 3_600);
    const client = await connect(id, session);
    const timer = await sessionTimer(id);
    expect(timer).not.toBeNull();
    expect(timer! - Date.now()).toBeLessThanOrEqual(1_000);
    await env.DB.prepare("DELETE FROM editor_sessions WHERE id = ?1").bind(session.sessionId).run();
    await until(() => client.closed !== null, 10_000);
    expect(client.closed?.code).toBe(ROOM_CLOSE.NO_EDITOR);
  }, 30_000);
});
