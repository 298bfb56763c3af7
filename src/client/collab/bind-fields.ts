import type * as Y from "yjs";
import { readPath, writePath } from "../json-path";
import { diffText, mapOffset, type TextDeltaOp } from "../text-diff";

/** Transaction origin of this tab's own edits, so their echoes are not applied twice. */
export const LOCAL_ORIGIN = Symbol("cms-local-edit");

/** The parts of a plain field a live binding drives. */
export interface BindableText {
  value(): string;
  setValue(text: string, caret?: number): void;
  caret(): number | null;
}

/** A bound field: `local` is called with the field's new value after each local edit. */
export interface FieldBinding {
  local(value: unknown): void;
  destroy(): void;
}

/**
 * Binds a plain-text field to the room's `Y.Text` of that field: local edits go in as minimal
 * splices, remote ones come out with the caret moved past text inserted before it.
 *
 * @example
 * const binding = bindText(field, session.doc.getText("title"));
 * element.addEventListener("input", () => binding.local(field.value()));
 */
export function bindText(field: BindableText, text: Y.Text): FieldBinding {
  field.setValue(text.toString());
  const observer = (event: Y.YTextEvent, transaction: Y.Transaction) => {
    if (transaction.origin === LOCAL_ORIGIN) return;
    const caret = field.caret();
    const delta = event.delta as TextDeltaOp[];
    field.setValue(text.toString(), caret === null ? undefined : mapOffset(caret, delta));
  };
  text.observe(observer);
  return {
    local(value) {
      if (typeof value !== "string") return;
      const splice = diffText(text.toString(), value);
      if (splice.remove === 0 && splice.insert === "") return;
      text.doc?.transact(() => {
        if (splice.remove > 0) text.delete(splice.index, splice.remove);
        if (splice.insert) text.insert(splice.index, splice.insert);
      }, LOCAL_ORIGIN);
    },
    destroy: () => text.unobserve(observer),
  };
}

/** The parts of a field inside a JSON value (a section heading, a section image) a binding drives. */
export interface BindableValue {
  value(): unknown;
  setValue(value: never): void;
}

/**
 * Binds a leaf inside a structured field (`sections.2.heading`) to the room's `json` map, where
 * the field's whole value lives: a local edit writes a copy of that value with the leaf changed,
 * and a remote change updates the leaf on the page.
 *
 * @example
 * bindJsonLeaf(field, session.doc.getMap("json"), "sections", [2, "heading"]);
 */
export function bindJsonLeaf(field: BindableValue, map: Y.Map<unknown>, root: string, path: readonly (string | number)[]): FieldBinding {
  const show = () => {
    const leaf = readPath(map.get(root), path);
    if (leaf !== undefined && JSON.stringify(leaf) !== JSON.stringify(field.value())) (field.setValue as (value: unknown) => void)(leaf);
  };
  show();
  const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
    if (transaction.origin !== LOCAL_ORIGIN && event.keysChanged.has(root)) show();
  };
  map.observe(observer);
  return {
    local(value) {
      const next = writePath(map.get(root), path, value);
      if (next === null) return;
      map.doc?.transact(() => map.set(root, next), LOCAL_ORIGIN);
    },
    destroy: () => map.unobserve(observer),
  };
}
