import * as Y from "yjs";
import type { DraftDeps } from "../cores/drafts";
import { draftViolations } from "../cores/drafts";
import { isHttpError, LouiseValidationError } from "../shared/errors";
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
 * Named fields whose live value breaks the collection's rules (types, lengths, `validate`): a
 * publisher's outside write replaces those whole instead of merging into them.
 *
 * @example
 * await invalidFields(deps, { sections: "not-an-array" }) // Set { "sections" }
 */
export async function invalidFields(deps: DraftDeps, live: Record<string, unknown>): Promise<Set<string>> {
  const invalid = new Set<string>();
  for (const [name, value] of Object.entries(live)) {
    if (draftViolations(deps, { [name]: value }, "draft").length > 0) invalid.add(name);
    else if (!(await passes(deps, { [name]: value }))) invalid.add(name);
  }
  return invalid;
}

/**
 * Merges `edit` into a copy of the document and checks what the named fields would become, so a
 * merge that would break the rules (live text plus the writer's text over a length limit, say)
 * is refused with 422 before anything lands in the room.
 *
 * @example
 * await assertMergeValid(doc, fields, deps, { title: "New" }, { title: "Old" });
 */
export async function assertMergeValid(doc: Y.Doc, fields: RoomField[], deps: DraftDeps, edit: Record<string, unknown>, bases: Record<string, unknown>): Promise<void> {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  mergeFields(copy, fields, edit, null, bases);
  const merged = readFieldsChecked(copy, fields.filter((f) => Object.hasOwn(edit, f.name)), deps.mediaBase);
  const violations = [...merged.failed, ...draftViolations(deps, merged.values, "draft")];
  if (violations.length > 0) throw new LouiseValidationError(violations);
  await deps.validate?.(merged.values, { operation: "draft" });
}

async function passes(deps: DraftDeps, values: Record<string, unknown>): Promise<boolean> {
  try {
    await deps.validate?.(values, { operation: "draft" });
    return true;
  } catch (error) {
    if (isHttpError(error)) return false;
    throw error;
  }
}
