/*
 * The shape of an editor's awareness (presence) state, checked where states enter: the room drops
 * a state that breaks it before anyone else sees it, and the browser client drops what a room of an
 * older release forwarded anyway. Only the fields the client reads are checked: `cursor` (read by
 * y-prosemirror's cursor plugin, which throws "Unexpected case" on a relative position that names
 * neither an item, a type nor a root) and `field` (read by the field presence overlay). `user` is
 * set by the room from the connection's identity.
 */

/** Longest root name (`tname`) or field address a presence state may carry. */
const MAX_NAME = 256;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isId(value: unknown): boolean {
  return isRecord(value) && isCount(value.client) && isCount(value.clock);
}

/**
 * Whether `value` is the JSON of a Yjs relative position (`Y.relativePositionToJSON`): it names an
 * item, a type or a root (`tname`), each well-formed, with an optional integer `assoc`.
 *
 * @example
 * isRelativePositionJson({ type: null, tname: "body", item: null, assoc: 0 }) // true
 * isRelativePositionJson({ junk: true }) // false
 */
export function isRelativePositionJson(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { type, tname, item, assoc } = value;
  if (type != null && !isId(type)) return false;
  if (item != null && !isId(item)) return false;
  if (tname != null && (typeof tname !== "string" || tname.length === 0 || tname.length > MAX_NAME)) return false;
  if (assoc != null && !Number.isSafeInteger(assoc)) return false;
  return type != null || tname != null || item != null;
}

/* A caret end in a plain field: a text offset or a relative position. */
function isFieldPosition(value: unknown): boolean {
  return value == null || isCount(value) || isRelativePositionJson(value);
}

/**
 * Whether an awareness state has the shape editors' clients read: a plain object whose `cursor`
 * (when set) has relative positions at `anchor` and `head`, and whose `field` (when set) has a
 * string `address` and optional `anchor`/`head` positions. A state that is not a plain object, or
 * breaks either, is to be dropped.
 *
 * @example
 * isPresenceState({ cursor: { anchor: { junk: true }, head: { junk: true } } }) // false
 * isPresenceState({ cursor: null, field: { address: "pages:1:title", anchor: 3, head: 3 } }) // true
 */
export function isPresenceState(state: unknown): boolean {
  if (!isRecord(state)) return false;
  const { cursor, field } = state;
  if (cursor != null && !(isRecord(cursor) && isRelativePositionJson(cursor.anchor) && isRelativePositionJson(cursor.head))) return false;
  if (field != null) {
    if (!isRecord(field) || typeof field.address !== "string" || field.address.length > MAX_NAME) return false;
    if (!isFieldPosition(field.anchor) || !isFieldPosition(field.head)) return false;
  }
  return true;
}
