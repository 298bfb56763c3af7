import * as Y from "yjs";
import { assertDraftRules, type DraftDeps } from "../cores/drafts";
import { isHttpError, LouiseValidationError, type Violation } from "../shared/errors";
import { mergeFields, readFieldsChecked, type RoomField } from "./room-document";

/*
 * The base of a write from outside the room (REST, inline save, the service binding) when the
 * writer names none. A writer without a base could have read the record at any time, so the room
 * cannot tell content it saw from content typed live after its read. What the room does know is
 * the last moment a field held exactly what an outside writer sent or what D1 gave it (seeding,
 * a restore): its "seen" value. Live typing since then is content a base-less writer may never
 * have seen, so the writer's value is merged against the seen value: live content the writer does
 * not contradict stays, even after a settle flush moved the room's last write to D1. A field that
 * nobody changed since is simply overwritten (the plain save).
 */

/** Room meta key of the per-field seen values. */
export const META_SEEN = "seen";

/** How an outside write is based: the version the writer named, or nothing. */
export interface OutsideBase {
  /** The snapshot of the version the writer read (`If-Match`, `baseVersionId`, or a leaf save's live value). */
  version: Record<string, unknown> | null;
  /** Fields a publisher replaces whole because their live value breaks the collection's rules. */
  repair: ReadonlySet<string>;
}

/**
 * The merge base of each named field: the live value for a repair, the named version's value,
 * else the field's seen value (the live value when none was recorded).
 *
 * @example
 * mergeBases(["body"], { body: "<p>a</p><p>live</p>" }, { body: "<p>a</p>" }, { version: null, repair: new Set() })
 * // { body: "<p>a</p>" }: the live paragraph is kept by the merge
 */
export function mergeBases(names: readonly string[], live: Record<string, unknown>, seen: Record<string, unknown>, base: OutsideBase): Record<string, unknown> {
  const bases: Record<string, unknown> = {};
  for (const name of names) {
    if (base.repair.has(name)) bases[name] = live[name];
    else if (base.version) bases[name] = base.version[name];
    else bases[name] = Object.hasOwn(seen, name) ? seen[name] : live[name];
  }
  return bases;
}

/**
 * The seen values after a merge: a field that now holds exactly what the writer sent (it
 * overwrote the field, or everything live was already in its value) is seen as it is; any other
 * field keeps its seen value, so the live content the merge kept stays unseen for the next
 * base-less writer. `sent` is the writer's edit as the document reads it back (see {@link asRead}).
 *
 * @example
 * nextSeen({ title: "a" }, { title: "b" }, { title: "b" }) // { title: "b" }
 */
export function nextSeen(seen: Record<string, unknown>, sent: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const next = { ...seen };
  for (const name of Object.keys(sent)) {
    if (Object.hasOwn(after, name) && JSON.stringify(after[name]) === JSON.stringify(sent[name])) next[name] = after[name];
  }
  return next;
}

/**
 * An edit's values as the room's document reads them back (rich text normalized and sanitized
 * the way the room writes it), so they compare with what the document holds.
 *
 * @example
 * asRead(fields, { body: "<p>Hi" }) // { body: "<p>Hi</p>" }
 */
export function asRead(fields: RoomField[], edit: Record<string, unknown>, mediaBase?: string): Record<string, unknown> {
  const scratch = new Y.Doc();
  mergeFields(scratch, fields, edit, null);
  return readFieldsChecked(scratch, fields.filter((f) => Object.hasOwn(edit, f.name)), mediaBase).values;
}

/**
 * What the named fields of `edit` would become if it merged into the document now, as a draft
 * holds them: merged on a copy, so nothing lands before the rules have judged it. A value the
 * document cannot hold as sent (anything but a string for a text field, a non-list for a list
 * field) is judged as sent, so the rules refuse it instead of the merge quietly turning it into
 * text or keeping the live value. `failed` names fields whose
 * merged content cannot be read back.
 *
 * @example
 * mergedValues(doc, fields, { title: "New" }, { title: "Old" }) // { values: { title: "New" }, failed: [] }
 */
export function mergedValues(doc: Y.Doc, fields: RoomField[], edit: Record<string, unknown>, bases: Record<string, unknown>, mediaBase?: string): { values: Record<string, unknown>; failed: Violation[] } {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const named = fields.filter((f) => Object.hasOwn(edit, f.name));
  const unheld = new Set<string>();
  for (const field of named) {
    try {
      mergeFields(copy, fields, { [field.name]: edit[field.name] }, null, bases);
    } catch {
      // Yjs refuses some values outright (an object whose own `constructor` key hides its kind).
      unheld.add(field.name);
    }
  }
  const merged = readFieldsChecked(copy, named.filter((f) => !unheld.has(f.name)), mediaBase);
  for (const field of named) {
    const sent = edit[field.name];
    const held = !unheld.has(field.name) && (field.list ? Array.isArray(sent) : field.type === "text" || field.type === "richtext" ? typeof sent === "string" : true);
    if (!held) merged.values[field.name] = sent;
    if (unheld.has(field.name)) merged.failed.push({ path: field.name, message: `${field.name}: this value cannot be held in the live document`, code: "unreadable" });
  }
  return merged;
}

/**
 * The fields of `live` whose value breaks the collection's rules (types, lengths, `validate`), by
 * one run of the rules over them all: a publisher's outside write replaces those whole instead of
 * merging into them. Asked only once a publisher's merged write failed the rules.
 *
 * @example
 * await brokenFields(deps, { sections: "not-an-array", title: "Fine" }) // Set { "sections" }
 */
export async function brokenFields(deps: DraftDeps, live: Record<string, unknown>): Promise<Set<string>> {
  try {
    await assertDraftRules(deps, live, "draft");
    return new Set();
  } catch (error) {
    if (error instanceof LouiseValidationError) return new Set(error.violations.map((violation) => rootOf(violation.path)).filter((name) => Object.hasOwn(live, name)));
    if (isHttpError(error)) return new Set(Object.keys(live));
    throw error;
  }
}

/**
 * The top-level field a violation path names (`sections.2.heading` → `sections`).
 *
 * @example
 * rootOf("sections.2.heading") // "sections"
 */
export function rootOf(path: string): string {
  return path.split(/[.[]/)[0] ?? path;
}
