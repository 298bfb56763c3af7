import type { WSMessage } from "partyserver";
import { PageRoom } from "../../src/objects/PageRoom";
import { HEARTBEAT_PING } from "../../src/shared/room-protocol";

/*
 * In-order delivery of a test client's frames to its room, as a WebSocket gives it everywhere but
 * in this test pool (issue 32).
 *
 * `@cloudflare/vitest-pool-workers` wraps each Durable Object class of the main worker, and its
 * `webSocketMessage` wrapper awaits `kEnsureInstance()` before it calls the room's: that imports the
 * worker's main module through the pool's runner object, a round trip to another object, at every
 * message. workerd starts the handlers of one socket's messages in the order they came (measured:
 * the wrapper is entered in send order), but each then waits on its own round trip, so on a busy
 * machine a frame can reach `PageRoom.webSocketMessage` before the one sent just ahead of it (a
 * suggestion's metadata overtaken by the edit naming it: the room rightly refused the edit). Under
 * `wrangler dev` or in production no wrapper stands between the runtime and the room, which takes
 * each frame synchronously at its entry, so a browser's frames arrive in the order it sent them.
 *
 * Each client made by `connect` has a line (its connection id, `_pk`): the frames it sent, in order.
 * A frame of the line that reaches the room ahead of an earlier one waits until that one has, and
 * they go in in send order. Frames outside any line (sockets a test opened itself) and frames on a
 * socket the room is closing (it ignores them) go straight in. A frame the runtime never delivers
 * holds the ones behind it for at most `HOLD_MS`; they then go in, in send order.
 */

/*
 * How long a frame waits for the ones sent before it. The wait runs on a timer in the room's own
 * context: workerd fails an event whose promise nothing pending there can settle ("Promise will
 * never complete"), and a room may not be entered from a test's context.
 */
const HOLD_MS = 5_000;

type Frame = Uint8Array | string;
type Slot = { frame: Frame; deliver: (() => void) | null };

const lines = new Map<string, Slot[]>();
let next = 0;

/** A new line; its id is the connection id the client asks for (`_pk`). */
export function openLine(): string {
  const id = `test-${++next}-${crypto.randomUUID()}`;
  lines.set(id, []);
  return id;
}

/**
 * Records a frame the client is about to send on line `id`. A heartbeat ping is answered by the
 * runtime and never reaches the room, so it holds no place in the line.
 */
export function sentOn(id: string, frame: Frame): void {
  if (frame === HEARTBEAT_PING) return;
  lines.get(id)?.push({ frame, deliver: null });
}

/** The client's socket closed: its line is dropped (frames still held go in at their timer). */
export function closeLine(id: string): void {
  lines.delete(id);
}

function sameFrame(sent: Frame, received: WSMessage): boolean {
  if (typeof sent === "string" || typeof received === "string") return sent === received;
  if (sent.byteLength !== received.byteLength) return false;
  const bytes = received instanceof ArrayBuffer ? new Uint8Array(received) : new Uint8Array(received.buffer, received.byteOffset, received.byteLength);
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== sent[i]) return false;
  return true;
}

/* Each socket's connection id, read once (it never changes). */
const ids = new WeakMap<WebSocket, string | null>();

/* The connection id partyserver keeps in the socket's attachment, read raw (the socket may not be wrapped yet). */
function connectionIdOf(ws: WebSocket): string | null {
  if (ids.has(ws)) return ids.get(ws) ?? null;
  let id: string | null = null;
  try {
    const attachment = WebSocket.prototype.deserializeAttachment.call(ws) as { __pk?: { id?: unknown } } | null;
    if (typeof attachment?.__pk?.id === "string") id = attachment.__pk.id;
  } catch {
    // Not one of partyserver's sockets: no line.
  }
  ids.set(ws, id);
  return id;
}

/* Hands the line's frames to the room from its head for as long as the head has arrived. */
function drain(line: Slot[]): void {
  while (line[0]?.deliver) (line.shift() as Slot).deliver?.();
}

const enter = PageRoom.prototype.webSocketMessage;
PageRoom.prototype.webSocketMessage = function (this: PageRoom, ws: WebSocket, message: WSMessage): Promise<void> {
  const id = connectionIdOf(ws);
  const line = id === null ? undefined : lines.get(id);
  const slot = line?.find((candidate) => candidate.deliver === null && sameFrame(candidate.frame, message));
  if (!line || !slot) return enter.call(this, ws, message);
  if (ws.readyState !== WebSocket.OPEN) {
    // The room ignores frames on a socket it is closing: nothing to order, only the line to move on.
    line.splice(line.indexOf(slot), 1);
    const entered = enter.call(this, ws, message);
    drain(line);
    return entered;
  }
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    slot.deliver = () => {
      if (timer !== null) clearTimeout(timer);
      void enter.call(this, ws, message).finally(resolve);
    };
    drain(line);
    if (!line.includes(slot)) return;
    timer = setTimeout(() => {
      timer = null;
      // The frames ahead that never came are given up: what did come goes in, in send order.
      for (const skipped of line.splice(0, line.indexOf(slot))) skipped.deliver?.();
      drain(line);
    }, HOLD_MS);
  });
};
