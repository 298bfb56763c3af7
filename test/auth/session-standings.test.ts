import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionFromPayload, sessionStanding, sessionStandings } from "../../src/auth/resolve-editor";
import { createEditorSession, deleteEditorSession } from "../../src/auth/session-store";
import type { EditorRole } from "../../src/auth";
import type { EditorSession } from "../../src/shared/session";
import { countedD1 } from "../helpers/counted-d1";
import { insertEditor } from "./helpers";

const NOW_S = Math.floor(Date.UTC(2026, 0, 5, 9, 0, 0) / 1000);
const NOW_MS = NOW_S * 1000;

/* `count` sign-ins of one new account, as the room holds them (resolved at connect). */
async function signIns(role: EditorRole, count: number, expiresAt = NOW_S + 3_600): Promise<{ id: number; sessions: EditorSession[] }> {
  const editor = await insertEditor({ role });
  const sessions: EditorSession[] = [];
  for (let i = 0; i < count; i++) {
    const sid = await createEditorSession(env.DB, editor.id, expiresAt, NOW_S);
    sessions.push(sessionFromPayload({ sub: String(editor.id), sid, email: editor.email, name: "Ada Editor", role, iat: NOW_S, exp: expiresAt }));
  }
  return { id: editor.id, sessions };
}

describe("sessionStandings: a room's connections confirmed in one read", () => {
  it("answers 152 sessions (more than D1's 100 bound parameters) in their order with one D1 read: live, ended or changed", async () => {
    const publisher = await signIns("publisher", 60);
    const editor = await signIns("editor", 60);
    const expired = await signIns("editor", 29, NOW_S);
    await env.DB.prepare("UPDATE editors SET role = 'editor' WHERE id = ?1").bind(publisher.id).run();
    const [out, ...kept] = editor.sessions;
    await deleteEditorSession(env.DB, out!.sessionId!);
    // The same sign-in twice (two tabs), a claim to another editor's sign-in, and no sign-in at all.
    const twice = kept[0]!;
    const impostor = { ...kept[1]!, id: String(publisher.id) };
    const sessions = [...publisher.sessions, out!, ...kept, ...expired.sessions, twice, impostor, { ...twice, sessionId: undefined }];
    expect(sessions.length).toBe(152);
    const reads = countedD1(/editor_sessions/);
    const standings = await sessionStandings({ DB: reads.wrap(env.DB) }, sessions, NOW_MS);
    expect(reads.count()).toBe(1);
    expect(standings).toEqual([
      ...publisher.sessions.map(() => "changed"),
      "ended",
      ...kept.map(() => "live"),
      ...expired.sessions.map(() => "ended"),
      "live",
      "ended",
      "ended",
    ]);
  });

  it("reads nothing for no sessions, and sessionStanding answers as the batch does", async () => {
    const reads = countedD1(/editor_sessions/);
    expect(await sessionStandings({ DB: reads.wrap(env.DB) }, [], NOW_MS)).toEqual([]);
    expect(reads.count()).toBe(0);
    const { sessions } = await signIns("editor", 1);
    expect(await sessionStanding(env, sessions[0]!, NOW_MS)).toBe("live");
    await deleteEditorSession(env.DB, sessions[0]!.sessionId!);
    expect(await sessionStanding(env, sessions[0]!, NOW_MS)).toBe("ended");
  });
});
