import * as Y from "yjs";
import type { Awareness } from "y-protocols/awareness";
import type { PresenceField } from "../collab/field-presence";
import { readableTextOn } from "../contrast";
import type { Mounted } from "../mount-options";
import type { PageHistory } from "../undo/page-history";
import type { UndoTarget } from "../undo/value-history";
import { readEntryKinds, type EntryKind } from "./entry-kinds";
import { chooseKind } from "./kind-chooser";
import { listView } from "./list-view";
import type { SuggestContext } from "../suggest/text-suggest";

/** What the sections editor binds to: the page's room and the page's field machinery. */
export interface SectionsEditorOptions {
  /** The list's container, `[data-cms-list="<field>"]`; its `<template>`s are read from its document. */
  container: HTMLElement;
  doc: Y.Doc;
  awareness: Awareness;
  /** The awareness field where each editor says which field they are in (`{ address }`). */
  fieldState: string;
  /** Every bound field's presence by address; the editor keeps its entries' fields in it under their current address. */
  presence: Map<string, PresenceField>;
  history: PageHistory;
  /** The page's undo (`createPageUndo`), which takes structure changes back with the fields' typing, in one order. */
  undo: UndoTarget;
  /** The transaction origin of this editor's structure changes (the page's undo makes each one a step). */
  structureOrigin: unknown;
  /** Binds one field to the room as the page's other fields are, recording its presence in `found`; null when the room cannot hold it. */
  bindField(element: HTMLElement, found: Map<string, PresenceField>): Promise<Mounted[] | null>;
  /** Who suggests while the page is in Suggesting mode; null in Editing (default: never). */
  suggesting?: () => SuggestContext | null;
}

const CSS = `
[data-cms-list]>[data-cms-entry]{position:relative}
.cms-entry-controls{display:flex;justify-content:flex-end;gap:.2rem;margin:.2rem 0}
.cms-entry-controls button,.cms-add-entry{display:inline-flex;align-items:center;font:13px/1 system-ui,sans-serif;color:#1d232b;background:#fff;border:1px solid #b8c2d3;border-radius:.3rem;padding:.25rem .4rem;cursor:pointer}
.cms-entry-controls button:focus-visible,.cms-add-entry:focus-visible{outline:2px solid #3b82f6;outline-offset:1px}
.cms-add-entry{display:block;margin:.5rem 0}
.cms-entry-controls .cms-drag-handle{margin-right:auto;cursor:grab;touch-action:none}
.cms-dragging{opacity:.55}
.cms-dragging .cms-drag-handle{cursor:grabbing}
.cms-drop-line{position:absolute;z-index:2147482001;background:#3b82f6;border-radius:1px;pointer-events:none}
[data-cms-people]{outline:2px solid var(--cms-peer);outline-offset:6px}
[data-cms-people]::before{content:attr(data-cms-people);position:absolute;left:0;top:-1.6em;font:600 11px/1.4 system-ui,sans-serif;padding:0 .3em;border-radius:.2em;background:var(--cms-peer);color:var(--cms-peer-text)}
.cms-chooser ul{grid-template-columns:1fr}
.cms-chooser li{display:grid;gap:.15rem;border:1px solid #ccd;border-radius:.4rem;padding:.5rem .7rem;cursor:pointer}
.cms-chooser li button{border:0;background:none;padding:0;margin:0;text-align:left;font-weight:600;width:auto}
.cms-chooser li span{color:#4b5563}
[data-cms-field]:not(img):not([hidden]):empty{min-height:1.4em;min-width:4em;display:block}
`;

/**
 * The sections editor: the page's list of sections (and each section's nested lists) rendered
 * from the room's `Y.Array` and edited in place: add from the catalog's chooser, move, duplicate,
 * remove, every change one Yjs transaction that reaches every editor at once. Entries are drawn
 * from the `<template>`s the site view emits in edit mode, so a kind the page's HTML never showed
 * still appears. Structure changes are steps of the page's undo, so Undo (the bar's button or
 * Ctrl+Z) after Remove brings the section back with its content, in the order of this editor's
 * own edits; each section shows who else is editing in it.
 *
 * @example
 * mountSectionsEditor({ container, doc: session.doc, awareness, fieldState: FIELD_STATE, presence, history, undo: pageUndo.target, structureOrigin: STRUCTURE_ORIGIN, bindField });
 */
export function mountSectionsEditor(options: SectionsEditorOptions): Mounted {
  const { container, doc: ydoc, presence, history, undo: target } = options;
  const doc = container.ownerDocument;
  const field = container.dataset.cmsList ?? "sections";
  const array = ydoc.getArray<unknown>(field);
  const style = doc.createElement("style");
  style.textContent = CSS;
  doc.head.append(style);

  const bound = new Map<HTMLElement, PresenceField>();
  const owned = new Set<string>();
  const bind = (fields: readonly HTMLElement[]): Mounted => {
    let gone = false;
    const mounted: Mounted[] = [];
    for (const element of fields) {
      const found = new Map<string, PresenceField>();
      void options.bindField(element, found).then((result) => {
        if (gone) return result?.forEach((item) => item.destroy());
        mounted.push(...(result ?? []));
        const [shared] = found.values();
        if (shared) (bound.set(element, shared), rekey());
      });
    }
    return {
      destroy() {
        gone = true;
        for (const element of fields) bound.delete(element);
        for (const item of mounted.splice(0).reverse()) item.destroy();
      },
    };
  };

  const root = listView(
    {
      kinds: readEntryKinds(doc),
      origin: options.structureOrigin,
      bind,
      controls: (element) => history.add(element, target),
      changed: () => history.touched(target),
      choose: (kinds: readonly EntryKind[]) => chooseKind(doc, kinds),
      suggesting: () => options.suggesting?.() ?? null,
    },
    () => array,
    container,
    { key: field, noun: "section", parent: null },
  );

  /* Fields are keyed by address in the page's presence: after a change, their current addresses. */
  const rekey = () => {
    for (const address of owned) presence.delete(address);
    owned.clear();
    for (const [element, shared] of bound) {
      const address = element.getAttribute("data-cms-field");
      if (address && element.isConnected) (presence.set(address, shared), owned.add(address));
    }
  };
  const showPeople = () => {
    const here = new Map<HTMLElement, { names: string[]; color: string }>();
    for (const [clientID, state] of options.awareness.getStates()) {
      if (clientID === options.awareness.clientID) continue;
      const where = (state as Record<string, unknown>)[options.fieldState] as { address?: unknown } | null | undefined;
      const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
      const element = typeof where?.address === "string" ? presence.get(where.address)?.element : undefined;
      const section = element?.closest<HTMLElement>("[data-cms-entry]");
      const top = section && container.contains(section) ? topEntry(section, container) : null;
      if (!top || typeof user?.name !== "string") continue;
      const color = typeof user.color === "string" && /^#[0-9a-f]{3,6}$/i.test(user.color) ? user.color : "#64748b";
      const seen = here.get(top) ?? { names: [], color };
      seen.names.push(user.name);
      here.set(top, seen);
    }
    for (const section of container.querySelectorAll<HTMLElement>(":scope>[data-cms-people]")) if (!here.has(section)) section.removeAttribute("data-cms-people");
    for (const [section, { names, color }] of here) {
      section.dataset.cmsPeople = names.join(", ");
      section.style.setProperty("--cms-peer", color);
      section.style.setProperty("--cms-peer-text", readableTextOn(color));
    }
  };
  const sync = () => {
    root.sync(field);
    rekey();
    showPeople();
  };
  const onChange = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    if (events.some((event) => !(event instanceof Y.YTextEvent))) sync();
  };
  array.observeDeep(onChange);
  options.awareness.on("change", showPeople);
  sync();

  return {
    destroy() {
      array.unobserveDeep(onChange);
      options.awareness.off("change", showPeople);
      root.destroy();
      for (const address of owned) presence.delete(address);
      style.remove();
    },
  };
}

/* The section (a direct entry of the page's list) that holds `entry`. */
function topEntry(entry: HTMLElement, container: HTMLElement): HTMLElement | null {
  let node: HTMLElement | null = entry;
  while (node && node.parentElement !== container) node = node.parentElement?.closest<HTMLElement>("[data-cms-entry]") ?? null;
  return node;
}
