import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { insertedRow, insertRowStatement } from "../pages/page-store";
import type { TableMeta } from "../table-meta";
import { fromHex, hmacSha256, toHex, verifyHmacSha256 } from "../notify/hmac";

/*
 * How the render time reaches the server: the page embeds a hidden `cms_form_ts` field holding
 * `<render time in ms>.<random id>.<hex HMAC-SHA256 of "<form>.<render time>.<id>">` under the
 * form's timing secret. The signature stops a bot from writing an old time into the field; binding
 * the form name stops a token minted for one form from being replayed on another. A token is good
 * for `MAX_FORM_TOKEN_AGE_SECONDS` and for one stored submission: its id is claimed in D1
 * (`form_tokens`, a primary-key insert, so two parallel posts cannot both claim it) in the same
 * batch that stores the submission, and claims are deleted once they are past that age.
 */

/** How long a rendered form may be sent: two hours; an older one must be reloaded. */
export const MAX_FORM_TOKEN_AGE_SECONDS = 2 * 60 * 60;

/** A token's proven render time and its id (what single use is recorded under). */
export interface FormToken {
  issued: number;
  id: string;
}

/**
 * Mints the timing token to embed in a rendered form.
 *
 * @example
 * const token = await issueFormToken(env.CMS_FORM_TIMING_SECRET, "contact", Date.now());
 */
export async function issueFormToken(secret: string, form: string, nowMs: number): Promise<string> {
  const issued = String(Math.floor(nowMs));
  const id = toHex(crypto.getRandomValues(new Uint8Array(12)));
  return `${issued}.${id}.${toHex(await hmacSha256(secret, `${form}.${issued}.${id}`))}`;
}

/**
 * The render time a token proves, or `null` when it is missing, malformed, forged, or from the future.
 *
 * @example
 * await readFormToken(secret, "contact", token, Date.now()) // 1767225600000
 */
export async function readFormToken(secret: string, form: string, token: unknown, nowMs: number): Promise<number | null> {
  return (await verifyFormToken(secret, form, token, nowMs))?.issued ?? null;
}

/**
 * A token's render time and id, or `null` when it is missing, malformed, forged, or from the future.
 *
 * @example
 * const token = await verifyFormToken(secret, "contact", values.cms_form_ts, Date.now());
 */
export async function verifyFormToken(secret: string, form: string, token: unknown, nowMs: number): Promise<FormToken | null> {
  if (typeof token !== "string") return null;
  const match = /^(\d{1,15})\.([0-9a-f]{24})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!match) return null;
  const issued = Number(match[1]);
  const id = match[2] as string;
  const mac = fromHex(match[3] as string);
  if (!mac || issued > nowMs || !(await verifyHmacSha256(secret, `${form}.${match[1]}.${id}`, mac))) return null;
  return { issued, id };
}

/**
 * Throws 422 `form_expired` when the token is older than `MAX_FORM_TOKEN_AGE_SECONDS`.
 *
 * @example
 * assertFreshFormToken(token, Date.now());
 */
export function assertFreshFormToken(token: FormToken, nowMs: number): void {
  if (nowMs - token.issued > MAX_FORM_TOKEN_AGE_SECONDS * 1000) {
    throw new HttpError(422, "this form was opened too long ago; reload the page and send it again", { code: "form_expired" });
  }
}

/**
 * Stores a submission's row and records its token as used, in one D1 batch, so they land together
 * or not at all (a kill between two writes can no longer use up a token without storing its
 * message). The row goes in only while the token is unclaimed, checked in the same batch: of two
 * posts of one token exactly one is stored, and the other is 409 `form_already_sent` (a replay, or
 * a double click). Expired claims are deleted first, so the table stays small. Returns the stored
 * row; a unique value of the row taken by another is 409 `conflict` (and its token counts as used).
 *
 * @example
 * const row = await insertClaimingFormToken(env.DB, tableMeta(submissions), { form: "contact", data }, "contact", token, Date.now());
 */
export async function insertClaimingFormToken(
  db: D1Client,
  meta: TableMeta,
  data: Record<string, unknown>,
  form: string,
  token: FormToken,
  nowMs: number,
): Promise<Record<string, unknown>> {
  const nowSeconds = Math.floor(nowMs / 1000);
  const expiresAt = Math.floor(token.issued / 1000) + MAX_FORM_TOKEN_AGE_SECONDS;
  const [, inserted, claimed] = await db.batch<Record<string, unknown>>([
    db.prepare("DELETE FROM form_tokens WHERE expires_at < ?1").bind(nowSeconds),
    insertRowStatement(db, meta, data, { table: "form_tokens", column: "id", value: token.id }),
    db.prepare("INSERT INTO form_tokens (id, form, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING").bind(token.id, form, expiresAt),
  ]);
  if ((claimed?.meta.changes ?? 0) === 0) {
    throw new HttpError(409, "this form was already sent; reload the page to send another message", { code: "form_already_sent" });
  }
  return insertedRow(meta, inserted?.results[0]);
}
