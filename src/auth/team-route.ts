import type { Mailer } from "../cores/notify/mailer";
import type { RateLimiterFactory } from "../cores/rate-limit";
import { readJsonObject } from "../routes/body";
import { admitEditor } from "../routes/guard";
import { json, noContent } from "../routes/json";
import { matchPath } from "../routes/match-path";
import { assertMethod, parseId, withErrorEdge } from "../routes/run-editor-route";
import { HttpError } from "../shared/errors";
import { assertAdmin } from "../shared/publish-privilege";
import { noteActivity } from "../shared/request-activity";
import type { EditorRoute } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { assertSessionSecret } from "./session-cookie";
import { MAX_TEAM_BODY_BYTES, parseAccountChange, parseInvite } from "./team-input";
import { DEFAULT_TEAM_LIMITS, TEAM_LINK_PATHS, teamLinkLimiter, type TeamEnv, type TeamLimits } from "./team-limits";
import { createTeamLink, TEAM_LINK_LIFETIME_SECONDS, type TeamLinkTarget } from "./team-links";
import { tellSessionRooms } from "./session-rooms";
import { changeMember, findMember, listTeam, removeMember } from "./team-store";

export interface TeamRouteOptions<Env extends TeamEnv> {
  resolveEditor: ResolveEditor<Env>;
  /** Mount point; default `/api/cms/editors`. */
  path?: string;
  /** Clock in milliseconds; default `Date.now`. Tests move it to expire links. */
  now?: () => number;
  /** Sends invite and reset links when it answers a mailer; else the admin copies the link from the answer. */
  mailer?: (env: Env) => Mailer | undefined;
  /** Default `DEFAULT_TEAM_LIMITS`. */
  limits?: Partial<TeamLimits>;
  /** Where the limits are counted; default one `RateLimitObject` per key on `env.RATE_LIMIT`. */
  limiters?: (env: Env, now: () => number) => RateLimiterFactory;
}

/** What an invite or a reset answers: the link, and whether it was also emailed. */
export interface TeamLinkAnswer {
  url: string;
  emailed: boolean;
}

/**
 * People of the built-in sign-in, for admins only (`assertAdmin`):
 * `GET /api/cms/editors` → `{ editors, invites }`;
 * `POST /api/cms/editors` `{ email, name, role, scopes? }` → 201 `{ url, emailed }` (an invite link);
 * `PATCH /api/cms/editors/:id` `{ role?, scopes? }` → the account (409 `last_admin` for the last admin);
 * `DELETE /api/cms/editors/:id` → 204 (its sessions end with it);
 * `POST /api/cms/editors/:id/reset` → 201 `{ url, emailed }` (a password-reset link).
 * Mutations are same-origin checked; every call counts against the admin's budget (429 `rate_limited`).
 *
 * @example
 * composeRoutes(teamRoute({ resolveEditor: resolveSiteEditor }), sessionRoute());
 */
export function teamRoute<Env extends TeamEnv>(options: TeamRouteOptions<Env>): EditorRoute<Env> {
  const base = options.path ?? "/api/cms/editors";
  const now = options.now ?? Date.now;
  const limits: TeamLimits = { ...DEFAULT_TEAM_LIMITS, ...options.limits };

  return withErrorEdge<Env>(async (request, env) => {
    const pathname = new URL(request.url).pathname;
    const list = matchPath(base, pathname);
    const one = list ? null : matchPath(`${base}/:id`, pathname);
    const reset = list || one ? null : matchPath(`${base}/:id/reset`, pathname);
    if (!list && !one && !reset) return undefined;
    assertMethod(request, list ? ["GET", "POST"] : one ? ["PATCH", "DELETE"] : ["POST"]);
    const admin = admitEditor(request, await options.resolveEditor(request, env));
    assertAdmin(admin, "managing people");
    const limiter = teamLinkLimiter(options.limiters?.(env, now), env, now, { prefix: "team:admin:", limit: limits.perAdmin, windowSeconds: limits.windowSeconds });
    await limiter(admin.id);
    const seconds = Math.floor(now() / 1000);

    if (list && request.method === "GET") return json(await listTeam(env.DB, seconds));
    if (list) {
      const invite = parseInvite(await readJsonObject(request, { maxBytes: MAX_TEAM_BODY_BYTES }));
      const taken = await env.DB.prepare("SELECT 1 AS found FROM editors WHERE email = ?1").bind(invite.email).first();
      if (taken) throw new HttpError(409, "an account with this email already exists", { code: "editor_exists" });
      const target: TeamLinkTarget = { kind: "invite", email: invite.email, name: invite.name, role: invite.role, scopes: JSON.stringify(invite.scopes), editorId: null };
      const answer = await sendLink(request, env, target, admin, seconds);
      noteActivity(request, { kind: "editor.invited", detail: { editorId: "", email: invite.email, name: invite.name, role: invite.role } });
      return json(answer, { status: 201 });
    }
    const id = parseId((one ?? reset)!.id);
    if (reset) {
      const member = await findMember(env.DB, id);
      const target: TeamLinkTarget = { kind: "reset", email: member.email, name: member.name, role: member.role, scopes: "{}", editorId: member.id };
      return json(await sendLink(request, env, target, admin, seconds), { status: 201 });
    }
    if (request.method === "DELETE") {
      const member = await findMember(env.DB, id);
      await removeMember(env.DB, id);
      // Its sessions went with the row; the rooms it has open close its sockets now.
      await tellSessionRooms(env, { editorId: String(id) }, { ended: true, request });
      noteActivity(request, { kind: "editor.removed", detail: { editorId: String(id), email: member.email, name: member.name, role: member.role } });
      return noContent();
    }
    const change = parseAccountChange(await readJsonObject(request, { maxBytes: MAX_TEAM_BODY_BYTES }));
    const changed = await changeMember(env.DB, id, change);
    // Its open sockets were admitted under the old role or scope: their rooms close them now (4409).
    await tellSessionRooms(env, { editorId: String(id) }, { ended: false, request });
    noteActivity(request, { kind: "editor.changed", detail: { editorId: String(id), email: changed.email, name: changed.name, role: changed.role, changed: Object.keys(change).sort() } });
    return json(changed);
  });

  async function sendLink(request: Request, env: Env, target: TeamLinkTarget, admin: EditorSession, seconds: number): Promise<TeamLinkAnswer> {
    const secret = env.CMS_SESSION_SECRET;
    assertSessionSecret(secret);
    const token = await createTeamLink(env.DB, secret, target, admin.id, seconds);
    const origin = new URL(request.url).origin;
    const url = `${origin}${TEAM_LINK_PATHS[target.kind]}/${token}`;
    const mailer = options.mailer?.(env);
    if (!mailer) return { url, emailed: false };
    const days = TEAM_LINK_LIFETIME_SECONDS / 86_400;
    const text =
      target.kind === "invite"
        ? `${admin.name} invited you to edit ${origin}.\n\nOpen this link within ${days} days to choose your password:\n${url}\n`
        : `${admin.name} sent you a link to set a new password for ${origin}.\n\nOpen it within ${days} days:\n${url}\n\nUntil you use it, your current password keeps working.\n`;
    try {
      await mailer.send({ to: [target.email], subject: target.kind === "invite" ? `You are invited to edit ${new URL(origin).host}` : `Set a new password for ${new URL(origin).host}`, text });
      return { url, emailed: true };
    } catch {
      // The link still works: the panel shows it to copy, and says it was not emailed.
      return { url, emailed: false };
    }
  }
}
