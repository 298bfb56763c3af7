import type { FieldEdit, WrittenDraft } from "../cores/drafts";
import { assertDraftRules, declaredFields, readVersionSnapshot } from "../cores/drafts";
import { LouiseValidationError } from "../shared/errors";
import { setAtPath } from "../shared/json-path";
import type { EditorSession } from "../shared/session";
import { asRead, brokenFields, mergeBases, mergedValues, META_SEEN, nextSeen, rootOf } from "./outside-base";
import { mergeFields, readFieldsChecked } from "./room-document";
import type { RoomDrafts, RoomDraftsContext } from "./room-drafts";

/*
 * Writes into a room from outside it (REST, inline save, the service binding): merged three ways
 * into the live document, judged once, then written through the room's one flush.
 */

/** A write from outside the room: REST, inline save or the service binding. */
export interface OutsideEdit {
  session: EditorSession;
  /** Transaction origin of the merge, so the room counts it as this editor's edit. */
  origin: unknown;
  /** The version the writer read; without it the base is each field's seen value (`outside-base.ts`). */
  baseVersionId?: number;
  /** Explicit base values (a leaf save sets its leaf on the live value, which is then its base). */
  base?: Record<string, unknown>;
  /** The edit replaces its fields whole, live typing included (a restore of a version). */
  replace?: boolean;
  /** Fields a restore leaves as they are: a translation's shared fields, which are its source's. */
  keep?: readonly string[];
}

/**
 * An outside edit: rich text put in the form D1 stores (sanitized under the media rule,
 * schema-normalized) before any merge; then the rules run once on what the three-way merge makes
 * of the named fields (on a copy: a 422 changes nothing, and the editors are told the
 * violations); then the merge lands in the live document (see `outside-base.ts` for the base a
 * writer without one gets, so live typing it never saw stays) and is written at once, without
 * judging those fields again. Answers once D1 has the draft; `conflicts` names fields where live
 * typing won over part of the edit. A publisher's edit replaces a live value that breaks the rules.
 */
export async function saveOutsideEdit(c: RoomDraftsContext, drafts: RoomDrafts, edit: Record<string, unknown>, outside: OutsideEdit): Promise<WrittenDraft> {
  const { deps, fields, doc, store } = c;
  const declared = Object.fromEntries(Object.entries(edit).filter(([name]) => fields.some((f) => f.name === name)));
  // Rich text in the form D1 will store before any merge: the room must never hold what D1
  // drops, or every later save of the field conflicts.
  const clean = { ...declared, ...asRead(fields.filter((f) => f.type === "richtext" && typeof declared[f.name] === "string"), declared, deps.mediaBase) };
  const names = Object.keys(clean);
  const named = fields.filter((f) => Object.hasOwn(clean, f.name));
  const readNamed = () => readFieldsChecked(doc, named, deps.mediaBase).values;
  const version = outside.base ?? (outside.baseVersionId === undefined ? null : await readVersionSnapshot(c.env.DB, deps, c.id, outside.baseVersionId));
  const seen = () => store.getMeta<Record<string, unknown>>(META_SEEN) ?? drafts.base() ?? {};
  const judge = async (repair: ReadonlySet<string>) => {
    const merged = mergedValues(doc, fields, clean, mergeBases(names, readNamed(), seen(), { version, repair }), deps.mediaBase);
    await assertDraftRules(deps, merged.values, "draft", merged.failed);
    return merged.values;
  };
  // A restore replaces every field it names, as a publisher's write replaces a broken live value.
  let repair: ReadonlySet<string> = new Set(outside.replace ? names : []);
  let checked: Record<string, unknown>;
  try {
    try {
      checked = await judge(repair);
    } catch (error) {
      // A publisher replaces whole the named fields whose live value itself breaks the rules.
      if (!(error instanceof LouiseValidationError) || !outside.session.access.publish || outside.replace) throw error;
      repair = await brokenFields(deps, pick(readNamed(), error.violations.map((violation) => rootOf(violation.path))));
      if (repair.size === 0) throw error;
      checked = await judge(repair);
    }
  } catch (error) {
    if (error instanceof LouiseValidationError) c.broadcast({ type: "violations", violations: error.violations });
    throw error;
  }
  // Planned again after the checks' awaits, so the merge is against the document as it is now
  // (a field that changed meanwhile no longer equals what was judged, and the flush judges it).
  const bases = mergeBases(names, readNamed(), seen(), { version, repair });
  const merge = mergeFields(doc, fields, clean, outside.origin, bases);
  store.setMeta(META_SEEN, nextSeen(seen(), asRead(fields, clean, deps.mediaBase), readNamed()));
  const saved = (await drafts.flush({ session: outside.session, include: names, force: true, own: names, checked })) as WrittenDraft;
  c.broadcast({ type: "edited", fields: merge.changed, by: outside.session.name, conflicts: merge.conflicts });
  return { ...saved, conflicts: merge.conflicts };
}

/**
 * One field, or one leaf inside a json field, set on the room's current document (so two
 * editors saving different list items at once both land), then saved like {@link saveOutsideEdit}.
 */
export function saveOutsideField(c: RoomDraftsContext, drafts: RoomDrafts, field: FieldEdit, outside: OutsideEdit): Promise<WrittenDraft> {
  if (!c.fields.some((f) => f.name === field.root)) {
    throw new LouiseValidationError([{ path: field.root, message: `${field.root} is not a field of this collection`, code: "unknown_field" }]);
  }
  if (field.segments.length === 0) return saveOutsideEdit(c, drafts, { [field.root]: field.value }, outside);
  const current = readFieldsChecked(c.doc, c.fields.filter((f) => f.name === field.root), c.deps.mediaBase).values[field.root];
  const value = setAtPath(current, field.segments, field.value, field.root);
  // The leaf was set on the live value itself, so that value is the merge's base for this field.
  return saveOutsideEdit(c, drafts, { [field.root]: value }, { session: outside.session, origin: outside.origin, base: { [field.root]: current } });
}

/* The named values that `values` has (a violation may name a field the write did not touch). */
function pick(values: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(values, name)).map((name) => [name, values[name]]));
}

/**
 * A restore: version `versionId`'s snapshot (a 404 for a version of another page) written as the
 * newest draft, its fields (but `keep`) replacing the live ones whole, live typing included.
 */
export async function restoreOutside(c: RoomDraftsContext, drafts: RoomDrafts, versionId: number, outside: OutsideEdit): Promise<WrittenDraft> {
  const snapshot = await readVersionSnapshot(c.env.DB, c.deps, c.id, versionId);
  const restored = Object.fromEntries(Object.entries(declaredFields(c.deps.config, snapshot)).filter(([name]) => !outside.keep?.includes(name)));
  return saveOutsideEdit(c, drafts, restored, { ...outside, replace: true });
}
