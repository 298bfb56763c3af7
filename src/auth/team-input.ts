import { parseAccessScope, type AccessScope } from "../shared/access-scope";
import { HttpError } from "../shared/errors";
import { EDITOR_ROLES, isEditorRole, type EditorRole } from "./session-cookie";

/** Team bodies are a few short strings and a scope; anything near this size is not one. */
export const MAX_TEAM_BODY_BYTES = 16 * 1024;

const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;
// One `@`, something either side, no spaces or angle brackets: enough to catch a typo, and the link
// itself proves the address.
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** An invite as an admin sends it. */
export interface InviteInput {
  email: string;
  name: string;
  role: EditorRole;
  scopes: AccessScope;
}

/** A change of an account's role and/or scope. */
export interface AccountChange {
  role?: EditorRole;
  scopes?: AccessScope;
}

function invalid(message: string): HttpError {
  return new HttpError(400, message, { code: "invalid_input" });
}

function refuseUnknown(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw invalid(`unknown field ${JSON.stringify(unknown[0]!.slice(0, 64))}; send only ${known.join(", ")}`);
}

function role(value: unknown): EditorRole {
  if (!isEditorRole(value)) throw invalid(`role must be one of ${EDITOR_ROLES.join(", ")}`);
  return value;
}

/**
 * Reads `POST /api/cms/editors`: `{ email, name, role, scopes? }`, nothing else. 400
 * `invalid_input` (or `invalid_access_scope`) saying what is wrong.
 *
 * @example
 * parseInvite({ email: "kim@example.com", name: "Kim", role: "editor", scopes: { paths: ["/blog/"] } })
 */
export function parseInvite(body: Record<string, unknown>): InviteInput {
  refuseUnknown(body, ["email", "name", "role", "scopes"]);
  const { email, name } = body;
  if (typeof email !== "string" || email.trim().length > MAX_EMAIL_LENGTH || !EMAIL.test(email.trim())) {
    throw invalid(`email must be an email address of at most ${MAX_EMAIL_LENGTH} characters`);
  }
  if (typeof name !== "string" || name.trim() === "" || name.trim().length > MAX_NAME_LENGTH) {
    throw invalid(`name must be text of 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return { email: email.trim(), name: name.trim(), role: role(body.role), scopes: body.scopes === undefined ? {} : parseAccessScope(body.scopes) };
}

/**
 * Reads `PATCH /api/cms/editors/:id`: `{ role?, scopes? }`, at least one. 400 `invalid_input` (or
 * `invalid_access_scope`) saying what is wrong.
 *
 * @example
 * parseAccountChange({ role: "publisher" }) // { role: "publisher" }
 */
export function parseAccountChange(body: Record<string, unknown>): AccountChange {
  refuseUnknown(body, ["role", "scopes"]);
  if (body.role === undefined && body.scopes === undefined) throw invalid("send role, scopes or both");
  return {
    ...(body.role === undefined ? {} : { role: role(body.role) }),
    ...(body.scopes === undefined ? {} : { scopes: parseAccessScope(body.scopes) }),
  };
}
