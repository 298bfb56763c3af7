import * as Y from "yjs";
import { orderedItems } from "../../shared/entry-order";
import { readMarker } from "../markers";
import type { Mounted } from "../mount-options";
import { entryControls, type EntryAction, type EntryControls } from "./entry-controls";
import type { EntryKind, EntryKinds } from "./entry-kinds";
import { duplicateEntry, insertEntry, moveEntry, newEntry, removeEntry } from "./list-ops";
import { showEntrySuggestion } from "../suggest/entry-badge";
import { suggestAdd, suggestMove, suggestRemove } from "../suggest/entry-suggest";
import type { SuggestContext } from "../suggest/text-suggest";

/** What a list view needs from the page's sections editor. */
export interface ListHost {
  kinds: EntryKinds;
  /** The transaction origin of this editor's structure edits (the structure undo tracks it). */
  origin: unknown;
  /** Binds an entry's own fields, whose markers already name its place; returns what to destroy. */
  bind(fields: readonly HTMLElement[]): Mounted;
  /** Where history keys act on the structure undo (an entry, around its own fields' undo; an Add button); returns the unregister. */
  controls(element: HTMLElement): () => void;
  /** This editor changed a list (the bar's Undo now takes it back). */
  changed(): void;
  /** Asks which kind to add; null when the editor cancelled. */
  choose(kinds: readonly EntryKind[]): Promise<EntryKind | null>;
  /** Who suggests while the page is in Suggesting mode (adds, removes and moves become suggestions); null in Editing. */
  suggesting?(): SuggestContext | null;
}

/** One list on the page (the page's `sections`, a section's `items`) kept in step with its `Y.Array`. */
export interface ListView {
  /** The list's key in its entry (`sections`, `items`). */
  key: string;
  /** Brings the DOM in line with the array: entries added, removed and placed, markers at `prefix.<i>.<field>`. */
  sync(prefix: string): void;
  /** The element showing an entry, if it is shown. */
  elementOf(map: Y.Map<unknown>): HTMLElement | undefined;
  destroy(): void;
}

interface EntryView {
  element: HTMLElement;
  path: string;
  controls: EntryControls;
  lists: ListView[];
  mounted: Mounted[];
}

/**
 * Shows the entries of `arrayOf()` in `container`, one element per entry cloned from its kind's
 * template, with its controls and its fields bound to the entry. An entry's element lives as long
 * as its `Y.Map`: a remote edit elsewhere never replaces the element someone is typing in, and
 * fields stay bound by entry, not by index, while their markers are renumbered to the entry's
 * place after each change. A move changes only the entry's position key (list-ops), so its element
 * (and the field someone is typing in) moves with it.
 *
 * @example
 * const view = listView(host, () => doc.getArray("sections"), container, { key: "sections", noun: "section", parent: null });
 * view.sync("sections");
 */
export function listView(
  host: ListHost,
  arrayOf: () => Y.Array<unknown> | null,
  container: HTMLElement,
  list: { key: string; noun: "section" | "item"; parent: Y.Map<unknown> | null },
): ListView {
  const doc = container.ownerDocument;
  const views = new Map<Y.Map<unknown>, EntryView>();
  let shown: Y.Array<unknown> | null = null;
  container.replaceChildren();
  const kinds = () => (list.noun === "section" ? [...host.kinds.sections.values()] : [host.kinds.items.get(list.key)].filter((kind) => kind !== undefined));
  const kindOf = (map: Y.Map<unknown>) => (list.noun === "section" ? host.kinds.sections.get(String(map.get("type"))) : host.kinds.items.get(list.key));

  const add = doc.createElement("button");
  add.type = "button";
  add.className = "cms-add-entry";
  add.setAttribute("aria-label", `Add ${list.noun}`);
  add.textContent = `+ Add ${list.noun}`;
  add.addEventListener("click", () => void addEntry());
  container.after(add);
  const unregisterAdd = host.controls(add);

  async function addEntry() {
    const offered = kinds();
    const kind = offered.length === 1 && list.noun === "item" ? offered[0] : await host.choose(offered);
    if (!kind) return;
    let array = arrayOf();
    const parent = list.parent;
    if (!array && parent?.doc) {
      array = new Y.Array<unknown>();
      const created = array;
      parent.doc?.transact(() => parent.set(list.key, created), host.origin);
    }
    if (!array) return;
    const entry = newEntry(kind.shape);
    const into = array;
    // A new section's nested lists start with one empty item (a Features section with a point to
    // fill in), in the same transaction, so one Undo takes back the whole section.
    const firstItems = kind.shape.lists.flatMap((key) => {
      const item = list.noun === "section" ? host.kinds.items.get(key) : undefined;
      return item ? [{ key, item }] : [];
    });
    const suggesting = host.suggesting?.() ?? null;
    const place = () => {
      insertEntry(into, into.length, entry, host.origin);
      if (suggesting) suggestAdd(entry, suggesting);
      for (const { key, item } of firstItems) {
        const nested = entry.get(key);
        if (nested instanceof Y.Array) insertEntry(nested, 0, newEntry(item.shape), host.origin);
      }
    };
    if (into.doc) into.doc.transact(place, host.origin);
    else place();
    const element = views.get(entry)?.element;
    (element?.querySelector<HTMLElement>("[data-cms-field]") ?? element?.querySelector<HTMLElement>("button"))?.focus();
    // After the focus, which makes the new field the one the bar's Undo acts on.
    host.changed();
  }

  function act(map: Y.Map<unknown>, action: EntryAction | { to: number }) {
    const array = arrayOf();
    const index = array ? orderedItems(array).indexOf(map) : -1;
    if (!array || index < 0) return;
    const focus = focusIn(views.get(map)?.element);
    const suggesting = host.suggesting?.() ?? null;
    if (action === "duplicate") duplicate(array, index, suggesting);
    else if (action === "remove") (suggesting ? suggestRemove(array, index, suggesting, host.origin) : removeEntry(array, index, host.origin));
    else {
      // The buttons, the keys and a drag all make the same one move (or, suggesting, propose it).
      const to = action === "up" ? index - 1 : action === "down" ? index + 1 : action.to;
      if (!(suggesting ? suggestMove(array, index, to, suggesting, host.origin) : moveEntry(array, index, to, host.origin))) return;
      focus(views.get(map)?.element);
    }
    if (action === "remove") {
      const next = orderedItems(array)[Math.min(index, array.length - 1)];
      const element = next instanceof Y.Map ? views.get(next)?.element : undefined;
      (element?.querySelector<HTMLElement>(`[data-cms-action="remove"]`) ?? add).focus();
    }
    host.changed();
  }

  /* A copy, after the entry; suggesting, the copy is a proposed entry, in the same transaction. */
  function duplicate(array: Y.Array<unknown>, index: number, suggesting: SuggestContext | null) {
    const copy = () => {
      const id = duplicateEntry(array, index, host.origin);
      const made = orderedItems(array).find((item) => item instanceof Y.Map && item.get("id") === id);
      if (suggesting && made instanceof Y.Map) suggestAdd(made, suggesting);
    };
    if (array.doc) array.doc.transact(copy, host.origin);
    else copy();
  }

  function create(map: Y.Map<unknown>, path: string): EntryView {
    const kind = kindOf(map);
    // Imported, not cloned: a template's content belongs to an inert document without a body, where dialogs could not open.
    const source = kind?.template.content.firstElementChild;
    const imported = source ? doc.importNode(source, true) : null;
    const element = imported instanceof HTMLElement ? imported : unknownEntry(doc, map);
    placeMarkers(element, path);
    const controls = entryControls(element, list.noun, (action) => act(map, action), (to) => act(map, { to }));
    element.prepend(controls.element);
    const mounted = [host.bind(ownElements(element, "[data-cms-field]")), { destroy: host.controls(element) }];
    const lists = ownElements(element, "[data-cms-list]").map((nested) => {
      const key = nested.dataset.cmsList ?? "";
      return listView(host, () => arrayIn(map, key), nested, { key, noun: "item", parent: map });
    });
    return { element, path, controls, lists, mounted };
  }

  function drop(view: EntryView) {
    for (const nested of view.lists) nested.destroy();
    for (const item of view.mounted.reverse()) item.destroy();
    view.controls.destroy();
    view.element.remove();
  }

  return {
    key: list.key,
    sync(prefix) {
      const array = arrayOf();
      if (array !== shown) {
        for (const view of views.values()) drop(view);
        views.clear();
        shown = array;
      }
      const items = array ? orderedItems(array) : [];
      const present = new Set(items);
      for (const [map, view] of views) if (!present.has(map)) (drop(view), views.delete(map));
      const restoreFocus = holdFocus(container);
      let cursor = container.firstElementChild;
      items.forEach((item, index) => {
        if (!(item instanceof Y.Map)) return;
        const path = `${prefix}.${index}`;
        let view = views.get(item);
        if (!view) views.set(item, (view = create(item, path)));
        if (view.element === cursor) cursor = cursor.nextElementSibling;
        else container.insertBefore(view.element, cursor);
        if (view.path !== path) (placeMarkers(view.element, path), (view.path = path));
        showEntrySuggestion(view.element, item, list.noun);
        const kind = kindOf(item);
        view.controls.label(`${list.noun === "section" ? "Section" : "Item"} ${index + 1}${kind && list.noun === "section" ? `: ${kind.label}` : ""}`);
        for (const nested of view.lists) nested.sync(`${path}.${nested.key}`);
      });
      restoreFocus();
    },
    elementOf: (map) => views.get(map)?.element,
    destroy() {
      for (const view of views.values()) drop(view);
      views.clear();
      unregisterAdd();
      add.remove();
    },
  };
}

/* Elements matching `selector` that belong to `entry` itself, not to an entry nested in it. */
function ownElements(entry: HTMLElement, selector: string): HTMLElement[] {
  return [...entry.querySelectorAll<HTMLElement>(selector)].filter((element) => element.parentElement?.closest("[data-cms-entry]") === entry);
}

/* Points the entry and its own fields at `path` (`sections.2`): `data-cms-entry` and each `data-cms-field`. */
function placeMarkers(entry: HTMLElement, path: string): void {
  entry.dataset.cmsEntry = path;
  for (const field of ownElements(entry, "[data-cms-field]")) {
    const marker = readMarker(field);
    const key = marker?.below.at(-1);
    if (marker && typeof key === "string") field.setAttribute("data-cms-field", `${marker.collection}:${marker.key}:${path}.${key}`);
  }
}

function arrayIn(map: Y.Map<unknown>, key: string): Y.Array<unknown> | null {
  const value = map.get(key);
  return value instanceof Y.Array ? value : null;
}

/* An entry whose kind this page has no template for: shown, so it can still be moved or removed. */
function unknownEntry(doc: Document, map: Y.Map<unknown>): HTMLElement {
  const element = doc.createElement("section");
  element.className = "cms-unknown-entry";
  element.dataset.cmsEntry = "";
  element.textContent = `A section of a kind this page cannot show (${String(map.get("type") ?? "none")})`;
  return element;
}

/*
 * The focus and selection inside `container`, and a function that puts them back when placing
 * elements took them away: an entry another editor moved is the same element, moved, and whoever
 * is typing in it goes on typing there.
 */
function holdFocus(container: HTMLElement): () => void {
  const doc = container.ownerDocument;
  const active = doc.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active)) return () => undefined;
  const selection = doc.getSelection();
  const { anchorNode, anchorOffset, focusNode, focusOffset } = selection ?? {};
  return () => {
    if (doc.activeElement === active || !active.isConnected) return;
    active.focus({ preventScroll: true });
    if (selection && anchorNode && focusNode && active.contains(anchorNode) && active.contains(focusNode)) {
      selection.setBaseAndExtent(anchorNode, anchorOffset ?? 0, focusNode, focusOffset ?? 0);
    }
  };
}

/*
 * What has focus inside an entry (one of its own fields, by key, or one of its buttons, by name),
 * and a function that puts it back in the element showing the entry after a move.
 */
function focusIn(element: HTMLElement | undefined): (next: HTMLElement | undefined) => void {
  const active = element?.ownerDocument.activeElement;
  if (!element || !(active instanceof HTMLElement) || !element.contains(active)) return () => undefined;
  const action = active.dataset.cmsAction;
  const field = active.closest<HTMLElement>("[data-cms-field]");
  const key = field ? readMarker(field)?.below.at(-1) : undefined;
  return (next) => {
    const target = action
      ? next?.querySelector<HTMLElement>(`.cms-entry-controls [data-cms-action="${action}"]`)
      : next && typeof key === "string"
        ? ownElements(next, "[data-cms-field]").find((candidate) => candidate.getAttribute("data-cms-field")?.endsWith(`.${key}`))
        : undefined;
    target?.focus();
  };
}
