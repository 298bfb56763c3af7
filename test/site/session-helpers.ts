import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import { ROOM_PROTOCOL_VERSION } from "../../src/shared/room-protocol";
import { SITE } from "./demo-helpers";

/*
 * Open room sockets of signed-in editors on the demo site, and a look at a room's timers: the
 * tests of the session push (a sign-out or a change of access closes sockets at once) and of rooms
 * that sleep while their editors are quiet.
 */

export const SYNC_STEP_1 = new Uint8Array([0, 0, 1, 0]);
export const json = (cookie: string) => ({ cookie, origin: SITE, "content-type": "application/json" });

export interface Socket {
  ws: WebSocket;
  closed: Promise<number>;
}

/* A socket in `room`, once the room has answered its first message (so it was admitted). */
export async function openSocket(room: string, cookie: string): Promise<Socket> {
  const response = await exports.default.fetch(`${SITE}/parties/page-room/${room}?v=${ROOM_PROTOCOL_VERSION}`, { headers: { cookie, origin: SITE, upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  const answered = new Promise<void>((resolve) => ws.addEventListener("message", () => resolve(), { once: true }));
  ws.send(SYNC_STEP_1);
  await answered;
  return { ws, closed };
}

/* The client's heartbeat (answered by the runtime, never waking the room), and nothing else, until the socket closes. */
export function heartbeat(socket: Socket, ms = 500): void {
  const timer = setInterval(() => socket.ws.readyState === WebSocket.OPEN && socket.ws.send("ping"), ms);
  void socket.closed.then(() => clearInterval(timer));
}

/* The close code, or "still open" after `ms`. */
export function closedWithin(closed: Promise<number>, ms: number): Promise<number | "still open"> {
  return Promise.race([closed, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);
}

/* The room's timers (`room_timers`), each as milliseconds from now on the room's clock. */
export function roomTimers(room: string): Promise<Record<string, number>> {
  return runInDurableObject(env.PAGE_ROOM.get(env.PAGE_ROOM.idFromName(room)), (_room: unknown, state) => {
    const tables = state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'room_timers'").one().n;
    if (!tables) return {};
    const now = Date.now();
    return Object.fromEntries(state.storage.sql.exec<{ kind: string; at: number }>("SELECT kind, at FROM room_timers").toArray().map(({ kind, at }) => [kind, at - now]));
  });
}

/* The rooms `room_sessions` lists for an account (all its sign-ins). */
export async function listedRooms(email: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT r.room FROM room_sessions r JOIN editors e ON CAST(e.id AS TEXT) = r.editor_id WHERE e.email = ?1 ORDER BY r.room")
    .bind(email)
    .all<{ room: string }>();
  return results.map(({ room }) => room);
}

/* Waits until `check` holds (polled), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (await check()) return;
  }
  throw new Error("the condition never held");
}
