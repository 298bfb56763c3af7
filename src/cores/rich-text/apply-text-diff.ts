import type * as Y from "yjs";

/**
 * Turns a `Y.Text`'s current string into `next` with one splice: the common prefix and suffix stay
 * untouched, only the differing middle is deleted and inserted. A whole-string replace would
 * delete every character another editor is typing next to, so concurrent live typing anywhere
 * outside the changed span survives the merge. The splice never cuts a surrogate pair in half (Yjs
 * would turn each half into U+FFFD). Runs in one transaction; does nothing when nothing changed.
 *
 * @example
 * const text = new Y.Doc().getText("title");
 * text.insert(0, "Hello world");
 * applyTextDiff(text, "Hello brave world"); // one insert of "brave " at 6
 */
export function applyTextDiff(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  const max = Math.min(current.length, next.length);
  let prefix = 0;
  while (prefix < max && current.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(current.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    current.charCodeAt(current.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)
  ) {
    suffix++;
  }
  if (suffix > 0 && isLowSurrogate(current.charCodeAt(current.length - suffix))) suffix--;
  const deleted = current.length - prefix - suffix;
  const inserted = next.slice(prefix, next.length - suffix);
  const apply = (): void => {
    if (deleted > 0) text.delete(prefix, deleted);
    if (inserted !== "") text.insert(prefix, inserted);
  };
  if (text.doc) text.doc.transact(apply);
  else apply();
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
