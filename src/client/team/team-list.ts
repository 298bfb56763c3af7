// The Team panel's reading of the list answer; no DOM and no fetch, so unit tests load it anywhere.

/** An account's scope as the server stores it (src/shared/access-scope.ts). */
export interface Scope {
  collections?: string[];
  paths?: string[];
  readOnlyFields?: Record<string, string[]>;
  /** The locales whose records it may touch (`["de"]`: a translator into German). */
  locales?: string[];
}

export type Role = "editor" | "publisher" | "admin";
export const ROLES: readonly Role[] = ["editor", "publisher", "admin"];

/** One account of `GET /api/cms/editors`. */
export interface Member {
  id: number;
  name: string;
  email: string;
  role: Role;
  scopes: Scope;
  lastActiveAt: string | null;
}

/** An invite not yet used. */
export interface Invite {
  email: string;
  name: string;
  role: Role;
  expiresAt: string;
}

function isRole(value: unknown): value is Role {
  return value === "editor" || value === "publisher" || value === "admin";
}

/**
 * Reads the list answer, dropping anything malformed.
 *
 * @example
 * const { members, invites } = parseTeam(answer.value);
 */
export function parseTeam(value: unknown): { members: Member[]; invites: Invite[] } {
  const body = (value ?? {}) as { editors?: unknown; invites?: unknown };
  const members = (Array.isArray(body.editors) ? body.editors : []).flatMap((row: Record<string, unknown>) =>
    typeof row?.id === "number" && typeof row.name === "string" && typeof row.email === "string" && isRole(row.role)
      ? [{ id: row.id, name: row.name, email: row.email, role: row.role, scopes: (row.scopes ?? {}) as Scope, lastActiveAt: typeof row.lastActiveAt === "string" ? row.lastActiveAt : null }]
      : [],
  );
  const invites = (Array.isArray(body.invites) ? body.invites : []).flatMap((row: Record<string, unknown>) =>
    typeof row?.email === "string" && typeof row.name === "string" && isRole(row.role) && typeof row.expiresAt === "string"
      ? [{ email: row.email, name: row.name, role: row.role, expiresAt: row.expiresAt }]
      : [],
  );
  return { members, invites };
}
