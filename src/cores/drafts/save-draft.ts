import { assertJsonDepth } from "../../shared/json-depth";
import { HttpError } from "../../shared/errors";
import type { EditorSession } from "../../shared/session";
import { richFieldsOf } from "../collection";
import { sanitizeRichHtml } from "../sanitize";
import { assertDraftRules } from "./draft-rules";
import {
  clientOf,
  DEFAULT_MAX_PER_DOC,
  DRAFT_STATUS,
  draftSql,
  liveSnapshotSql,
  newestPendingSql,
  snapshotFields,
  type DraftDeps,
  type DraftRunOptions,
  type DraftSql,
} from "./draft-deps";
import { pruneStatement } from "./retention";

/** What a saved draft came to: its version id and the complete snapshot it stores. */
export interface SavedDraft {
  versionId: number;
  snapshot: Record<string, unknown>;
}

/**
 * Saves a draft: the one draft write path, shared by the REST route, inline save and the realtime
 * room. The edit keeps only the collection's fields, rich fields are sanitized, present values are
 * type-checked (`draft`: required fields may be missing), then `deps.validate` runs on the edit.
 * The edit is merged over the newest pending draft, or over the live row when none is pending, and
 * stored as a new version row with status `draft`; the live row is untouched.
 *
 * The merge happens inside the single `INSERT … SELECT` that writes the row, so concurrent saves
 * each build on the version committed just before them and none is lost. Retention prunes old
 * drafts in the same batch (see `pruneStatement`). 404 when there is no such page.
 *
 * @example
 * const { versionId, snapshot } = await applySaveDraft(env, deps, session, 12, { title: "New title" });
 */
export async function applySaveDraft(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  snapshot: Record<string, unknown>,
  options?: DraftRunOptions,
): Promise<SavedDraft> {
  // A room or service caller hands over a value, not JSON text: the same depth rule as a body.
  assertJsonDepth(snapshot, "the draft");
  return saveBoundedDraft(env, deps, session, id, snapshot, options);
}

/**
 * {@link applySaveDraft} for an edit whose nesting its entry point already bounded
 * (`saveDraftRequest`): the rules run once (`assertDraftRules`), then {@link writeDraft}.
 *
 * @example
 * await saveBoundedDraft(env, deps, session, 12, coerced);
 */
export async function saveBoundedDraft(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  snapshot: Record<string, unknown>,
  options?: DraftRunOptions,
): Promise<SavedDraft> {
  assertDrafts(deps);
  const edit = cleanEdit(draftSql(deps), deps, snapshot);
  await assertDraftRules(deps, edit, "draft");
  return writeDraft(env, deps, session, id, edit, options);
}

/**
 * The storage step of a draft save, for an edit that has been through the rules once already (the
 * room checks what a merge makes of a write, then writes it here): config fields only, rich text
 * sanitized (stored HTML is never anything else), one batch.
 *
 * @example
 * await assertDraftRules(deps, merged, "draft");
 * await writeDraft(env, deps, session, 12, merged);
 */
export async function writeDraft(
  env: { DB: D1Database },
  deps: DraftDeps,
  session: EditorSession,
  id: number,
  edit: Record<string, unknown>,
  options?: DraftRunOptions,
): Promise<SavedDraft> {
  const versions = assertDrafts(deps);
  const s = draftSql(deps);
  const clean = cleanEdit(s, deps, edit);
  const db = clientOf(env, options);
  const keep = (versions.maxPerDoc ?? DEFAULT_MAX_PER_DOC) + 1;
  const [inserted] = await db.batch<{ id: number; data: string }>([
    insertStatement(db, s, id, clean, session),
    // +1: the draft just written is the newest pending one, which retention never counts.
    pruneStatement(db, s, id, keep),
  ]);
  const row = inserted?.results[0];
  if (!row) throw new HttpError(404, `page ${id} not found`, { code: "not_found" });
  return { versionId: Number(row.id), snapshot: snapshotFields(s, row.data) };
}

function assertDrafts(deps: DraftDeps): NonNullable<DraftDeps["config"]["versions"]> {
  const versions = deps.config.versions;
  if (!versions?.drafts) throw new HttpError(409, `collection ${deps.config.slug} does not have drafts enabled`, { code: "drafts_disabled" });
  return versions;
}

/** The edit reduced to config fields (others dropped), rich fields sanitized. */
function cleanEdit(s: DraftSql, deps: DraftDeps, snapshot: Record<string, unknown>): Record<string, unknown> {
  const rich = new Set(richFieldsOf(deps.config));
  const mediaBase = deps.mediaBase ? { mediaBase: deps.mediaBase } : {};
  const edit: Record<string, unknown> = {};
  for (const { name } of s.fields) {
    if (!Object.hasOwn(snapshot, name) || snapshot[name] === undefined) continue;
    const value = snapshot[name];
    edit[name] = rich.has(name) && typeof value === "string" ? sanitizeRichHtml(value, mediaBase) : value;
  }
  return edit;
}

function insertStatement(
  db: Pick<D1Database, "prepare">,
  s: DraftSql,
  id: number,
  edit: Record<string, unknown>,
  session: EditorSession,
): D1PreparedStatement {
  const base = `COALESCE((${newestPendingSql(s, "p", s.data)}), ${liveSnapshotSql(s, "p")})`;
  const names = Object.keys(edit);
  // json(?n) stores each value as JSON (strings stay strings, arrays stay arrays); json_set replaces
  // a field whole, so an array or object in the edit never merges into the old one.
  const merged = names.length === 0 ? `json(${base})` : `json_set(${base}, ${names.map((name, i) => `'$."${name}"', json(?${i + 3})`).join(", ")})`;
  // A translation's draft names the source version it was made from, as its newest version did:
  // editing it never makes it up to date (marking it so does, `markUpToDate`).
  const carried = s.sourceVersion ? `(SELECT sv.${s.sourceVersion} FROM ${s.V} sv WHERE sv.${s.parent} = p.${s.pk} ORDER BY sv.${s.vid} DESC LIMIT 1)` : null;
  const columns = [s.parent, s.status, s.data, ...(s.createdBy ? [s.createdBy] : []), ...(carried && s.sourceVersion ? [s.sourceVersion] : [])];
  const values = ["p." + s.pk, `'${DRAFT_STATUS}'`, merged, ...(s.createdBy ? ["?2"] : []), ...(carried ? [carried] : [])];
  const sql = `INSERT INTO ${s.V} (${columns.join(", ")}) SELECT ${values.join(", ")} FROM ${s.L} p WHERE p.${s.pk} = ?1 RETURNING ${s.vid} AS "id", ${s.data} AS "data"`;
  return db.prepare(sql).bind(id, session.id, ...names.map((name) => JSON.stringify(edit[name])));
}
