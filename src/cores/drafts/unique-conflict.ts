import { HttpError } from "../../shared/errors";
import type { D1Client } from "../d1-client";
import { encodeValue, ident } from "../table-meta";
import type { DraftSql } from "./draft-deps";

/**
 * The 409 a publish would meet because another row already holds one of the snapshot's unique
 * values (such as a slug changed in a draft), or `null`. Decided by reading the table, never by
 * an error's message.
 *
 * @example
 * const conflict = await uniqueConflict(db, sql, 12, { slug: "about" });
 */
export async function uniqueConflict(db: D1Client, s: DraftSql, id: number, snapshot: Record<string, unknown>): Promise<HttpError | null> {
  for (const { name, column, unique, uniqueWith } of s.fields) {
    const value = snapshot[name];
    if (!unique || value === undefined || value === null) continue;
    // Unique together with other columns (a slug within its locale): compared with this row's own.
    const together = uniqueWith.map((other) => ` AND t.${other} IS (SELECT r.${other} FROM ${s.L} r WHERE r.${s.pk} = ?2)`).join("");
    const taken = await db
      .prepare(`SELECT 1 AS "taken" FROM ${s.L} t WHERE t.${ident(column.name)} = ?1 AND t.${s.pk} <> ?2${together} LIMIT 1`)
      .bind(encodeValue(column, value), id)
      .first();
    if (taken) {
      return new HttpError(409, `another ${s.live.name} row already has this ${name}`, {
        code: "conflict",
        details: { violations: [{ path: name, message: `${name} is already taken`, code: "unique" }] },
      });
    }
  }
  return null;
}

/**
 * Throws the conflict {@link uniqueConflict} finds.
 *
 * @example
 * await assertNoUniqueConflict(db, sql, 12, snapshot);
 */
export async function assertNoUniqueConflict(db: D1Client, s: DraftSql, id: number, snapshot: Record<string, unknown>): Promise<void> {
  const conflict = await uniqueConflict(db, s, id, snapshot);
  if (conflict) throw conflict;
}
