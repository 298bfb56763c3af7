import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createSiteEditorResolver, sessionRoute } from "../../src/auth";
import { LAST_ACTIVE_GRANULARITY_MS } from "../../src/auth/session-store";
import { PASSWORD, call, cookiePair, insertEditor, signInRequest, withCookie } from "./helpers";
import { testClock } from "./team-helpers";

async function lastActive(id: number): Promise<string | null> {
  return (await env.DB.prepare("SELECT last_active_at FROM editors WHERE id = ?1").bind(id).first<{ last_active_at: string | null }>())!.last_active_at;
}

describe("editors.last_active_at", () => {
  it("is set at sign-in, then written at most once per granularity however many requests resolve", async () => {
    const clock = testClock();
    const editor = await insertEditor();
    expect(await lastActive(editor.id)).toBeNull();
    const res = await call(sessionRoute({ now: clock.now }), signInRequest({ email: editor.email, password: PASSWORD }));
    expect(res.status).toBe(204);
    const signedInAt = new Date(clock.now()).toISOString();
    expect(await lastActive(editor.id)).toBe(signedInAt);

    const resolve = createSiteEditorResolver({ now: clock.now });
    const request = withCookie(cookiePair(res));
    for (let i = 0; i < 5; i++) {
      clock.advance(LAST_ACTIVE_GRANULARITY_MS / 10);
      expect(await resolve(request, env)).not.toBeNull();
    }
    expect(await lastActive(editor.id)).toBe(signedInAt);

    clock.advance(LAST_ACTIVE_GRANULARITY_MS / 2);
    await resolve(request, env);
    const later = new Date(clock.now()).toISOString();
    expect(await lastActive(editor.id)).toBe(later);
    clock.advance(1000);
    await resolve(request, env);
    expect(await lastActive(editor.id)).toBe(later);
  });
});
