import { assertRecordAccess } from "../access";
import { HttpError, LouiseValidationError } from "../../shared/errors";
import type { ActivityNoter } from "../../shared/activity";
import type { EditorSession } from "../../shared/session";
import type { CollectionField } from "../collection";
import { directDraftWriter, labelOf, type DraftWriter, type DraftWriterFor } from "../drafts";
import { findRowBy, getRow, updateRow } from "../pages/page-store";
import { tableMeta, type TableMeta } from "../table-meta";
import { validateFields } from "../validate-fields";
import { assertJsonDepth } from "../../shared/json-depth";
import { setAtPath } from "../../shared/json-path";
import { isPositiveId } from "../../shared/write-input";
import { resolveFieldValue, type SaveCollectionConfig } from "./resolve-field-value";

export interface SaveConfig<Env = unknown> {
  /** Collections by the name used in markers (`<collection>:<key>:<field>`). */
  collections: Record<string, SaveCollectionConfig<Env>>;
  /** Media base for the strict media rule (a string, or read from env). */
  mediaBase?: string | ((env: Env) => string | undefined);
  /**
   * Who writes drafts of versioned collections: the page's live room or the cores (default the
   * cores; `saveRoute` passes `draftWriterFor(env)`, so a site with rooms saves through them).
   */
  writer?: DraftWriterFor<Env>;
}

/** The inline save input: the marker's address, the new value, and optionally the version the editor read. */
export interface FieldSaveInput {
  field: string;
  value: unknown;
  baseVersionId?: number;
}

/** What a save did: a draft version (versioned collections) or a write onto the live row. */
export type FieldSaveResult = { collection: string; id: number; field: string } & ({ saved: "draft"; versionId: number; conflicts: string[] } | { saved: "live" });

/**
 * The route-free inline save: 403 without an editor; 400 for a malformed address, an unknown
 * collection, a field that is not allowlisted or an index out of range; 404 for no such record; 422
 * for an invalid value. A versioned collection is saved as a draft by the configured writer (the
 * page's live room, so the save merges with live typing and live editors see it; else
 * `applySaveDraft`) and the live row is never touched. A dotted list address changes that one leaf
 * of the current document and saves the whole top-level field. A save that stood is told to
 * `activity` (`draft.saved`, or `record.updated` for a live row).
 *
 * @example
 * await applyFieldSave(env, siteSaveConfig, session, { field: "pages:12:sections.2.heading", value: "Hello" });
 */
export async function applyFieldSave<Env extends { DB: D1Database }>(
  env: Env,
  config: SaveConfig<Env>,
  session: EditorSession | null,
  input: FieldSaveInput,
  activity?: ActivityNoter,
): Promise<FieldSaveResult> {
  if (!session) throw new HttpError(403, "saving needs an editor session", { code: "forbidden" });
  const address = parseAddress(input.field);
  const collection = Object.hasOwn(config.collections, address.collection) ? config.collections[address.collection] : undefined;
  if (!collection) throw new HttpError(400, `collection ${JSON.stringify(address.collection)} is not editable here`, { code: "field_not_allowed" });
  const mediaBase = typeof config.mediaBase === "function" ? config.mediaBase(env) : config.mediaBase;
  // The value enters here (a caller may hand over any value, not JSON text): the body's depth rule, once.
  assertJsonDepth(input.value, "the value");
  const resolved = resolveFieldValue(collection, address.path, input.value, { mediaBase });
  const meta = tableMeta(collection.table);
  if (!meta.columns[resolved.root]) throw new TypeError(`save config: ${resolved.root} is not a column of ${meta.name}`);
  const id = await resolveId(env.DB, meta, collection.keyField ?? meta.primaryKey, address.key);
  const base = { collection: address.collection, id, field: address.path };

  if (collection.versionsTable && collection.collection?.versions?.drafts) {
    const versioned = { table: collection.table, versionsTable: collection.versionsTable, config: collection.collection };
    // Draft deps are built only for the direct writer: a handed-in writer (the room) has its own.
    const writer: DraftWriter = config.writer
      ? config.writer(env, address.collection)
      : directDraftWriter(env, {
          ...versioned,
          ...(mediaBase ? { mediaBase } : {}),
          ...(collection.validate ? { validate: (data, ctx) => collection.validate!(data, { operation: ctx.operation === "draft" ? "draft" : "update", env }) } : {}),
        });
    const field = { root: resolved.root, segments: resolved.segments, value: resolved.value };
    const saved = await writer.saveField(session, id, field, input.baseVersionId === undefined ? {} : { baseVersionId: input.baseVersionId });
    activity?.({ kind: "draft.saved", collection: address.collection, recordId: id, versionId: saved.versionId, detail: { ...labelOf(saved.snapshot), fields: [resolved.root] } });
    return { ...base, saved: "draft", versionId: saved.versionId, conflicts: saved.conflicts ?? [] };
  }

  const row = await getRow(env.DB, meta, id);
  if (!row) throw notFound(address.collection, address.key);
  const edit = { [resolved.root]: setAtPath(row[resolved.root], resolved.segments, resolved.value, resolved.root) };
  assertRecordAccess(session, { slug: address.collection, ...(collection.collection?.address ? { address: collection.collection.address } : {}) }, row, edit);
  const violations = validateFields(edit, fieldTypes(meta, collection, resolved.root), "update", { mediaBase });
  if (violations.length > 0) throw new LouiseValidationError(violations);
  await collection.validate?.(edit, { operation: "update", env });
  if (!(await updateRow(env.DB, meta, id, edit))) throw notFound(address.collection, address.key);
  activity?.({ kind: "record.updated", collection: address.collection, recordId: id, detail: { ...labelOf(row), fields: [resolved.root] } });
  return { ...base, saved: "live" };
}

/** `<collection>:<key>:<field>`; the field part holds no colon. */
function parseAddress(field: string): { collection: string; key: string; path: string } {
  const parts = typeof field === "string" ? field.split(":") : [];
  if (parts.length !== 3 || parts.some((p) => p === "")) {
    throw new HttpError(400, 'field must be "<collection>:<key>:<field>"', { code: "invalid_field" });
  }
  return { collection: parts[0]!, key: parts[1]!, path: parts[2]! };
}

async function resolveId(db: D1Database, meta: TableMeta, keyField: string, key: string): Promise<number> {
  if (keyField === meta.primaryKey) {
    if (!isPositiveId(key)) throw new HttpError(400, `key ${JSON.stringify(key)} must be a positive integer id`, { code: "invalid_field" });
    return Number(key);
  }
  const row = await findRowBy(db, meta, keyField, key);
  if (!row) throw new HttpError(404, `no record with ${keyField} ${JSON.stringify(key)}`, { code: "not_found" });
  return row[meta.primaryKey] as number;
}

function fieldTypes(meta: TableMeta, collection: Pick<SaveCollectionConfig, "collection">, root: string): Record<string, CollectionField> {
  const declared = collection.collection?.fields[root];
  return { [root]: declared ?? { type: meta.columns[root]!.json ? "json" : "text", required: meta.columns[root]!.notNull && !meta.columns[root]!.hasDefault } };
}

function notFound(collection: string, key: string): HttpError {
  return new HttpError(404, `${collection} ${key} not found`, { code: "not_found" });
}
