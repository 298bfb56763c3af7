import { HttpError } from "../shared/errors";
import { base32Encode, matchTotp, TOTP_SECRET_BYTES } from "./totp";
import { openTotpSecret, sealTotpSecret } from "./totp-seal";

/*
 * An account's second factor in D1 (tables in src/tables/second-factor.ts): a TOTP authenticator,
 * begun then confirmed with a code, and ten one-time recovery codes made at confirmation. A code is
 * accepted by one conditional write (`last_step < step`, or deleting the recovery code's row), so
 * two requests racing with the same code cannot both pass.
 */

/** How many recovery codes an account gets, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** What a second-factor check needs: the database, the account, and the secret its TOTP is sealed with. */
export interface SecondFactorDeps {
  db: D1Database;
  editorId: number;
  sessionSecret: string;
}

/**
 * Whether the account has a confirmed authenticator.
 *
 * @example
 * if (await hasSecondFactor(env.DB, editor.id)) requireCode();
 */
export async function hasSecondFactor(db: D1Database, editorId: number): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS found FROM editor_totp WHERE editor_id = ?1 AND enabled_at IS NOT NULL").bind(editorId).first()) !== null;
}

/**
 * Begins turning TOTP on: a new random secret, stored sealed and not yet enabled (replacing one
 * begun before), answered as base32 for the authenticator app. 409 `second_factor_enabled` when
 * one is already on (turn it off first).
 *
 * @example
 * const { secret } = await beginTotp({ db: env.DB, editorId: 7, sessionSecret: env.CMS_SESSION_SECRET });
 */
export async function beginTotp(deps: SecondFactorDeps): Promise<{ secret: string }> {
  const secret = crypto.getRandomValues(new Uint8Array(TOTP_SECRET_BYTES));
  const sealed = await sealTotpSecret(secret, deps.editorId, deps.sessionSecret);
  const result = await deps.db
    .prepare(
      "INSERT INTO editor_totp (editor_id, secret, enabled_at, last_step) VALUES (?1, ?2, NULL, 0) ON CONFLICT (editor_id) DO UPDATE SET secret = excluded.secret, last_step = 0 WHERE editor_totp.enabled_at IS NULL",
    )
    .bind(deps.editorId, sealed)
    .run();
  if (result.meta.changes === 0) throw alreadyOn();
  return { secret: base32Encode(secret) };
}

/**
 * Confirms a begun authenticator with a code from it: TOTP is on from now, and the answer is the
 * account's new recovery codes (shown once; only their digests are kept). 409
 * `no_second_factor` when nothing was begun, `second_factor_enabled` when it is already on;
 * 400 `invalid_code` for a wrong code.
 *
 * @example
 * const codes = await confirmTotp(deps, "287082", Date.now());
 */
export async function confirmTotp(deps: SecondFactorDeps, code: string, nowMs: number): Promise<string[]> {
  const row = await readTotp(deps);
  if (!row) throw new HttpError(409, "begin turning on two-step sign-in first (POST)", { code: "no_second_factor" });
  if (row.enabledAt !== null) throw alreadyOn();
  const secret = await openTotpSecret(row.secret, deps.editorId, deps.sessionSecret);
  const step = secret ? await matchTotp(secret, code.trim(), { nowMs, lastStep: row.lastStep }) : null;
  if (step === null) throw invalidCode();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const enabledAt = Math.floor(nowMs / 1000);
  const { db, editorId } = deps;
  // One batch: the codes are written only if this request is the one that turned TOTP on.
  const [enabled] = await db.batch([
    db
      .prepare("UPDATE editor_totp SET enabled_at = ?1, last_step = ?2 WHERE editor_id = ?3 AND enabled_at IS NULL AND secret = ?4 AND last_step < ?2")
      .bind(enabledAt, step, editorId, row.secret),
    db.prepare("DELETE FROM editor_recovery_codes WHERE editor_id = ?1 AND EXISTS (SELECT 1 FROM editor_totp WHERE editor_id = ?1 AND enabled_at = ?2 AND last_step = ?3)").bind(editorId, enabledAt, step),
    ...(await Promise.all(codes.map(recoveryDigest))).map((digest) =>
      db
        .prepare("INSERT INTO editor_recovery_codes (code_hash, editor_id) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM editor_totp WHERE editor_id = ?2 AND enabled_at = ?3 AND last_step = ?4)")
        .bind(digest, editorId, enabledAt, step),
    ),
  ]);
  if (!enabled || enabled.meta.changes === 0) throw invalidCode();
  return codes;
}

/**
 * Checks a second factor of an account with TOTP on, and uses it up: a current authenticator code
 * (its step is stored, so it is never accepted again) or one of the recovery codes (deleted).
 * Answers which it was, or `null` when neither matches.
 *
 * @example
 * if ((await useSecondFactor(deps, input.code, Date.now())) === null) refuse();
 */
export async function useSecondFactor(deps: SecondFactorDeps, code: string, nowMs: number): Promise<"totp" | "recovery" | null> {
  const given = code.trim();
  if (/^[0-9]{6}$/.test(given)) {
    const row = await readTotp(deps);
    if (!row || row.enabledAt === null) return null;
    const secret = await openTotpSecret(row.secret, deps.editorId, deps.sessionSecret);
    const step = secret ? await matchTotp(secret, given, { nowMs, lastStep: row.lastStep }) : null;
    if (step === null) return null;
    const taken = await deps.db
      .prepare("UPDATE editor_totp SET last_step = ?1 WHERE editor_id = ?2 AND enabled_at IS NOT NULL AND last_step < ?1")
      .bind(step, deps.editorId)
      .run();
    return taken.meta.changes === 1 ? "totp" : null;
  }
  const normalized = normalizeRecoveryCode(given);
  if (normalized === null) return null;
  const used = await deps.db
    .prepare("DELETE FROM editor_recovery_codes WHERE editor_id = ?1 AND code_hash = ?2")
    .bind(deps.editorId, await recoveryDigest(normalized))
    .run();
  return used.meta.changes === 1 ? "recovery" : null;
}

/**
 * Turns the second factor off: the authenticator and every recovery code go.
 *
 * @example
 * await turnOffSecondFactor(env.DB, 7);
 */
export async function turnOffSecondFactor(db: D1Database, editorId: number): Promise<void> {
  await db.batch([
    db.prepare("DELETE FROM editor_totp WHERE editor_id = ?1").bind(editorId),
    db.prepare("DELETE FROM editor_recovery_codes WHERE editor_id = ?1").bind(editorId),
  ]);
}

async function readTotp(deps: SecondFactorDeps): Promise<{ secret: string; enabledAt: number | null; lastStep: number } | null> {
  const row = await deps.db
    .prepare("SELECT secret, enabled_at, last_step FROM editor_totp WHERE editor_id = ?1")
    .bind(deps.editorId)
    .first<{ secret: string; enabled_at: number | null; last_step: number }>();
  return row ? { secret: row.secret, enabledAt: row.enabled_at, lastStep: row.last_step } : null;
}

const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/* 12 characters of a 32-letter alphabet without look-alikes (l, o, 0, 1): 60 random bits, shown as xxxx-xxxx-xxxx. */
function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8)}`;
}

function normalizeRecoveryCode(code: string): string | null {
  const text = code.toLowerCase().replace(/[\s-]/g, "");
  return /^[a-z2-9]{12}$/.test(text) ? text : null;
}

async function recoveryDigest(code: string): Promise<string> {
  const text = normalizeRecoveryCode(code) ?? code;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

function alreadyOn(): HttpError {
  return new HttpError(409, "two-step sign-in is already on; turn it off first to set up another authenticator", { code: "second_factor_enabled" });
}

function invalidCode(): HttpError {
  return new HttpError(400, "that code is not right (or was used already): enter the current code from your authenticator app", { code: "invalid_code" });
}
