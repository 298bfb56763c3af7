import { storedAccessScope, type AccessScope } from "../shared/access-scope";
import { HttpError } from "../shared/errors";
import { isEditorRole, type EditorRole } from "./session-cookie";
import type { AccountChange } from "./team-input";

/** One account as the Team panel lists it; never its password hash. */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  role: EditorRole;
  scopes: AccessScope;
  /** ISO 8601, or `null` before the first sign-in. */
  lastActiveAt: string | null;
  createdAt: string;
}

/** An invite not yet redeemed and not expired. */
export interface PendingInvite {
  email: string;
  name: string;
  role: EditorRole;
  /** ISO 8601. */
  expiresAt: string;
}

/** How many accounts (and pending invites) one list answers at most. */
export const MAX_LISTED_ACCOUNTS = 500;

interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  scopes: string;
  last_active_at: string | null;
  created_at: string;
}

const MEMBER_COLUMNS = "id, name, email, role, scopes, last_active_at, created_at";

function memberOf(row: MemberRow): TeamMember | null {
  if (!isEditorRole(row.role)) return null;
  return { id: row.id, name: row.name, email: row.email, role: row.role, scopes: storedAccessScope(row.scopes), lastActiveAt: row.last_active_at, createdAt: row.created_at };
}

/**
 * Every account (by name) and every open invite (newest first), in one round trip.
 *
 * @example
 * const { editors, invites } = await listTeam(env.DB, nowSeconds);
 */
export async function listTeam(db: D1Database, nowSeconds: number): Promise<{ editors: TeamMember[]; invites: PendingInvite[] }> {
  const [accounts, links] = await db.batch([
    db.prepare(`SELECT ${MEMBER_COLUMNS} FROM editors ORDER BY name COLLATE NOCASE, id LIMIT ${MAX_LISTED_ACCOUNTS}`),
    db
      .prepare(`SELECT email, name, role, expires_at FROM team_links WHERE kind = 'invite' AND used_at IS NULL AND expires_at > ?1 ORDER BY created_at DESC, id DESC LIMIT ${MAX_LISTED_ACCOUNTS}`)
      .bind(nowSeconds),
  ]);
  const editors = (accounts!.results as unknown as MemberRow[]).flatMap((row) => memberOf(row) ?? []);
  const invites = (links!.results as unknown as { email: string; name: string; role: string; expires_at: number }[]).flatMap((row) =>
    isEditorRole(row.role) ? [{ email: row.email, name: row.name, role: row.role, expiresAt: new Date(row.expires_at * 1000).toISOString() }] : [],
  );
  return { editors, invites };
}

/**
 * One account, or 404 `not_found`.
 *
 * @example
 * const member = await findMember(env.DB, 7);
 */
export async function findMember(db: D1Database, id: number): Promise<TeamMember> {
  const row = await db.prepare(`SELECT ${MEMBER_COLUMNS} FROM editors WHERE id = ?1`).bind(id).first<MemberRow>();
  const member = row ? memberOf(row) : null;
  if (!member) throw new HttpError(404, `no account with id ${id}`, { code: "not_found" });
  return member;
}

/*
 * The last-admin rule, as a SQL condition on the row being changed or removed: the row is not an
 * admin, or it stays one, or another admin exists. Written into the UPDATE and the DELETE, so two
 * admins demoting each other at once cannot both succeed.
 */
const KEEPS_AN_ADMIN = "(role <> 'admin' OR ?2 = 'admin' OR (SELECT COUNT(*) FROM editors WHERE role = 'admin') > 1)";

function lastAdmin(action: string): HttpError {
  return new HttpError(409, `cannot ${action} the last admin: make another account admin first`, { code: "last_admin" });
}

/**
 * Changes an account's role and/or scope and answers it as stored. 404 `not_found`; 409
 * `last_admin` when it would leave the site without an admin. A changed role or scope ends nothing
 * here: the account's next request and open sockets see the change (see `isSessionLive`).
 *
 * @example
 * await changeMember(env.DB, 7, { role: "publisher" });
 */
export async function changeMember(db: D1Database, id: number, change: AccountChange): Promise<TeamMember> {
  const current = await findMember(db, id);
  const role = change.role ?? current.role;
  const scopes = JSON.stringify(change.scopes ?? current.scopes);
  const row = await db
    .prepare(`UPDATE editors SET role = ?2, scopes = ?3 WHERE id = ?1 AND ${KEEPS_AN_ADMIN} RETURNING ${MEMBER_COLUMNS}`)
    .bind(id, role, scopes)
    .first<MemberRow>();
  if (!row) {
    await findMember(db, id);
    throw lastAdmin("demote");
  }
  return memberOf(row)!;
}

/**
 * Removes an account; its sessions and open reset links go with it (the cascade), so it is signed
 * out on its next request. 404 `not_found`; 409 `last_admin` for the only admin.
 *
 * @example
 * await removeMember(env.DB, 7);
 */
export async function removeMember(db: D1Database, id: number): Promise<void> {
  // RETURNING rather than `meta.changes`, which counts the cascaded session rows too.
  const removed = await db.prepare(`DELETE FROM editors WHERE id = ?1 AND ${KEEPS_AN_ADMIN} RETURNING id`).bind(id, "").first();
  if (removed) return;
  await findMember(db, id);
  throw lastAdmin("remove");
}
