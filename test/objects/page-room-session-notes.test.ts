import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { currentAccess } from "../../src/auth/resolve-editor";
import { siteCms } from "../../src/site/cms";
import type { SiteEnv } from "../../src/site/env";
import { roomCollections } from "../../src/site/room-deps";
import { configureRoom, connect, editor, newPage, TEST_LIMITS, until } from "./room-client";

/*
 * A site with its own sign-in (its own session store, its own `isSessionLive`) has its rooms note
 * the sessions they admit too, so its code can push with `tellSessionRooms`. Those sessions are
 * not in the built-in `editor_sessions`, so the sweep of ended sessions' notes must leave them be:
 * a note dropped while its connection is open is a push that misses its room.
 */
siteCms.PageRoom.configure<SiteEnv>({ collections: roomCollections, limits: TEST_LIMITS, isSessionLive: async () => true, publishAccess: currentAccess });
afterAll(() => configureRoom());

const notesOf = async (editorId: string) =>
  (await env.DB.prepare("SELECT room, session_id FROM room_sessions WHERE editor_id = ?1 ORDER BY room").bind(editorId).all<{ room: string; session_id: string }>()).results;

describe("room session notes under a site's own sign-in", () => {
  it("an account's second connection, in another room, keeps the first one's note: no session of a site's own store is taken for ended", async () => {
    const who = editor("own-sign-in");
    const [first, second] = [await newPage(), await newPage()];
    const a = await connect(first, { ...who, sessionId: "own-session-a" });
    await until(async () => (await notesOf(who.id)).length === 1);
    const b = await connect(second, { ...who, sessionId: "own-session-b" });
    await until(async () => (await notesOf(who.id)).length === 2);
    // The second admission's sweep has run by the time its own note is there (one batch).
    expect(await notesOf(who.id)).toEqual([
      { room: `pages:${first}`, session_id: "own-session-a" },
      { room: `pages:${second}`, session_id: "own-session-b" },
    ]);
    a.close();
    b.close();
  });
});
