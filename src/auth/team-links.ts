import { hmacSha256, toHex } from "../cores/notify/hmac";
import { HttpError } from "../shared/errors";
import { toBase64Url } from "./base64";
import { isEditorRole, type EditorRole } from "./session-cookie";
import type { SessionAccount } from "./start-session";

/*
 * Invite and password-reset links. A link's token is 256 random bits; `team_links` keeps only an
 * HMAC of it under `CMS_SESSION_SECRET`, so neither a copy of the table nor a guess opens anything,
 * and rotating the secret voids every open link. A link is single-use: redeeming claims it
 * (`used_at`) in the same D1 batch as its effect, guarded so that of two racing redeems one wins.
 */

/** How long an invite or reset link stays open: 7 days. */
export const TEAM_LINK_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export type TeamLinkKind = "invite" | "reset";

/** What a link does when redeemed: make this account (invite) or set this account's password (reset). */
export interface TeamLinkTarget {
  kind: TeamLinkKind;
  email: string;
  name: string;
  role: EditorRole;
  /** The account's scope as stored (JSON text); `'{}'` for none. */
  scopes: string;
  /** The account a reset link is for; `null` for an invite. */
  editorId: number | null;
}

/** An open link, as its page shows it. */
export interface OpenTeamLink extends TeamLinkTarget {
  id: number;
  expiresAt: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

async function tokenHash(secret: string, token: string): Promise<string> {
  return toHex(await hmacSha256(secret, `team-link\n${token}`));
}

/**
 * Stores a new link and answers its token (shown once, in the link). An earlier unused link of the
 * same kind for the same address (invite) or account (reset) is deleted in the same batch: only the
 * newest link works.
 *
 * @example
 * const token = await createTeamLink(env.DB, env.CMS_SESSION_SECRET, target, "1", nowSeconds);
 */
export async function createTeamLink(db: D1Database, secret: string, target: TeamLinkTarget, createdBy: string, nowSeconds: number): Promise<string> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const earlier =
    target.kind === "invite"
      ? db.prepare("DELETE FROM team_links WHERE kind = 'invite' AND email = ?1 AND used_at IS NULL").bind(target.email)
      : db.prepare("DELETE FROM team_links WHERE kind = 'reset' AND editor_id = ?1 AND used_at IS NULL").bind(target.editorId);
  await db.batch([
    earlier,
    db
      .prepare(
        "INSERT INTO team_links (token_hash, kind, email, name, role, scopes, editor_id, created_by, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
      )
      .bind(await tokenHash(secret, token), target.kind, target.email, target.name, target.role, target.scopes, target.editorId, createdBy, nowSeconds, nowSeconds + TEAM_LINK_LIFETIME_SECONDS),
  ]);
  return token;
}

interface LinkRow {
  id: number;
  kind: string;
  email: string;
  name: string;
  role: string;
  scopes: string;
  editor_id: number | null;
  expires_at: number;
  used_at: number | null;
}

/**
 * The open link of `token` of kind `kind`. 404 `not_found` for a malformed or unknown token (or one
 * of the other kind); 410 `link_used` once redeemed, 410 `link_expired` past its time.
 *
 * @example
 * const link = await openTeamLink(env.DB, env.CMS_SESSION_SECRET, "invite", token, nowSeconds);
 */
export async function openTeamLink(db: D1Database, secret: string, kind: TeamLinkKind, token: string, nowSeconds: number): Promise<OpenTeamLink> {
  const row = TOKEN_PATTERN.test(token)
    ? await db
        .prepare("SELECT id, kind, email, name, role, scopes, editor_id, expires_at, used_at FROM team_links WHERE token_hash = ?1")
        .bind(await tokenHash(secret, token))
        .first<LinkRow>()
    : null;
  if (!row || row.kind !== kind || !isEditorRole(row.role)) throw new HttpError(404, "this link does not exist", { code: "not_found" });
  if (row.used_at !== null) throw new HttpError(410, "this link was already used", { code: "link_used" });
  if (row.expires_at <= nowSeconds) throw new HttpError(410, "this link has expired", { code: "link_expired" });
  return { id: row.id, kind, email: row.email, name: row.name, role: row.role, scopes: row.scopes, editorId: row.editor_id, expiresAt: row.expires_at };
}

/**
 * Redeems an open link with the password its holder chose (already checked and hashed): an invite
 * makes the account, a reset sets the account's password and ends all its sessions. Claiming the
 * link and its effect are one batch; each later statement runs only when the one before changed a
 * row (`changes()`), so a link redeemed twice at once makes one account. Answers the account to sign in.
 * 410 `link_used` when another redeem won; 409 `editor_exists` when an account took the address meanwhile.
 *
 * @example
 * const account = await redeemTeamLink(env.DB, link, await hashPassword(password), nowMs);
 */
export async function redeemTeamLink(db: D1Database, link: OpenTeamLink, passwordHash: string, nowMs: number): Promise<SessionAccount> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const claim = db
    .prepare("UPDATE team_links SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND expires_at > ?2")
    .bind(link.id, nowSeconds);
  if (link.kind === "invite") {
    const taken = await db.prepare("SELECT 1 AS found FROM editors WHERE email = ?1").bind(link.email).first();
    if (taken) throw editorExists();
    let results: D1Result[];
    try {
      results = await db.batch([
        claim,
        db
          .prepare(
            "INSERT INTO editors (email, name, role, scopes, password_hash) SELECT email, name, role, scopes, ?2 FROM team_links WHERE id = ?1 AND changes() = 1 RETURNING id, email, name, role",
          )
          .bind(link.id, passwordHash),
      ]);
    } catch (caught) {
      if (caught instanceof Error && /UNIQUE constraint failed/i.test(caught.message)) throw editorExists();
      throw caught;
    }
    const row = results[1]?.results[0] as { id: number; email: string; name: string; role: string } | undefined;
    if (!row || !isEditorRole(row.role)) throw alreadyUsed();
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  }
  const results = await db.batch([
    claim,
    db.prepare("UPDATE editors SET password_hash = ?2 WHERE id = ?1 AND changes() = 1").bind(link.editorId, passwordHash),
    // Every session of the account ends: whoever knew the old password is signed out.
    db.prepare("DELETE FROM editor_sessions WHERE editor_id = ?1 AND changes() = 1").bind(link.editorId),
    db.prepare("SELECT id, email, name, role FROM editors WHERE id = ?1").bind(link.editorId),
  ]);
  if (results[1]?.meta.changes !== 1) throw alreadyUsed();
  const row = results[3]?.results[0] as { id: number; email: string; name: string; role: string } | undefined;
  if (!row || !isEditorRole(row.role)) throw new HttpError(404, "this account no longer exists", { code: "not_found" });
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

function editorExists(): HttpError {
  return new HttpError(409, "an account with this email already exists", { code: "editor_exists" });
}

function alreadyUsed(): HttpError {
  return new HttpError(410, "this link was already used", { code: "link_used" });
}
