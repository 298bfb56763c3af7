import { routePartykitRequest } from "partyserver";
import { roomRoute } from "../src/routes/room-route";
import { siteCms } from "../src/site/cms";
import type { SiteEnv } from "../src/site/env";
import type { SeedResult, WakeBareRoom, WakePageRoom } from "./wake-rooms";

/** Bindings of the wake and memory scenarios' rooms. */
export interface WakeEnv extends SiteEnv {
  WAKE_PAGE_ROOM: DurableObjectNamespace<WakePageRoom>;
  WAKE_BARE_ROOM: DurableObjectNamespace<WakeBareRoom>;
}

const PAGE_PREFIX = "/parties/wake-page-room/";

/* The page side goes through the same gate as the site's rooms (session, Origin, editor header). */
const wakePageRooms = roomRoute<WakeEnv>({
  resolveEditor: siteCms.resolveEditor,
  namespace: (env) => env.WAKE_PAGE_ROOM,
  prefix: PAGE_PREFIX,
  collections: ["pages"],
});

function stubOf(env: WakeEnv, party: string | null, room: string | null): DurableObjectStub<WakePageRoom> | DurableObjectStub<WakeBareRoom> | null {
  if (!room) return null;
  if (party === "wake-page-room") return env.WAKE_PAGE_ROOM.get(env.WAKE_PAGE_ROOM.idFromName(room));
  if (party === "wake-bare-room") return env.WAKE_BARE_ROOM.get(env.WAKE_BARE_ROOM.idFromName(room));
  return null;
}

/* The seed body: frames of a 4-byte little-endian length and that many bytes; the first is the snapshot. */
function unframe(body: ArrayBuffer): Uint8Array[] {
  const view = new DataView(body);
  const frames: Uint8Array[] = [];
  for (let at = 0; at < body.byteLength; ) {
    const length = view.getUint32(at, true);
    frames.push(new Uint8Array(body, at + 4, length));
    at += 4 + length;
  }
  return frames;
}

/**
 * The wake rooms' WebSockets and their bench-only controls, or `undefined` for other paths:
 * `POST /__bench/seed-room?party=&room=` (framed body: snapshot, then logged updates),
 * `POST /__bench/evict-room?party=&room=`, `POST /__bench/silence-room?party=&room=` (cancel its
 * alarm), `GET /__bench/room-born?party=&room=`, `GET /__bench/room-d1-trips?room=` (the D1 round
 * trips of every wake page room in the runtime so far, and the alarms they ran), `GET
 * /__bench/room-state?party=wake-page-room&room=` (the live document's state vector, and whether
 * it holds updates back).
 */
export async function wakeRoutes(request: Request, env: WakeEnv, ctx: ExecutionContext): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.pathname.startsWith(PAGE_PREFIX)) return wakePageRooms(request, env, ctx);
  if (url.pathname.startsWith("/parties/wake-bare-room/")) {
    const bare = await routePartykitRequest(request, { WAKE_BARE_ROOM: env.WAKE_BARE_ROOM } as unknown as Cloudflare.Env);
    return bare ?? new Response("no room", { status: 404 });
  }
  const control = ["/__bench/seed-room", "/__bench/evict-room", "/__bench/room-born", "/__bench/silence-room", "/__bench/room-d1-trips", "/__bench/room-state"].includes(url.pathname);
  if (!control) return undefined;
  const party = url.searchParams.get("party");
  const room = url.searchParams.get("room");
  if (url.pathname === "/__bench/room-d1-trips" || url.pathname === "/__bench/room-state") {
    if (party !== "wake-page-room" || !room) return new Response("party must be wake-page-room, and room given", { status: 400 });
    const page = env.WAKE_PAGE_ROOM.get(env.WAKE_PAGE_ROOM.idFromName(room));
    if (url.pathname === "/__bench/room-d1-trips") return Response.json({ trips: await page.d1Trips(), alarms: await page.alarms() });
    const { stateVector, pending } = await page.documentState();
    return Response.json({ stateVector: [...stateVector], pending });
  }
  const stub = stubOf(env, party, room);
  if (!stub) return new Response("party must be wake-page-room or wake-bare-room, and room given", { status: 400 });
  if (url.pathname === "/__bench/room-born") return Response.json({ bornAt: await stub.bornAt() });
  if (url.pathname === "/__bench/silence-room") {
    // Only page rooms set alarms; a bare room has none to cancel.
    if (party === "wake-page-room") await env.WAKE_PAGE_ROOM.get(env.WAKE_PAGE_ROOM.idFromName(room as string)).silence();
    return Response.json({ silenced: true });
  }
  if (url.pathname === "/__bench/evict-room") {
    // An abort always fails the call that made it; the scenario checks the next wake's birth time instead.
    await stub.evict().catch(() => undefined);
    return Response.json({ evicted: true });
  }
  const [snapshot, ...updates] = unframe(await request.arrayBuffer());
  if (!snapshot) return new Response("empty seed", { status: 400 });
  const seeded: SeedResult = await stub.seedState(snapshot, updates);
  // The seeding instance never loaded the new rows: the first wake must build a fresh one.
  await stub.evict().catch(() => undefined);
  return Response.json(seeded);
}
