import { keepCaretAboveBar } from "./caret-room";
import { readableTextOn } from "./contrast";
import { humanName } from "./human-name";
import { barButton as button, createMoreMenu, type BarAction } from "./more-menu";
import type { HistoryState } from "./undo/page-history";

/** Someone else on the page, as shown in the edit bar. */
export interface Person {
  name: string;
  color: string;
  /** The field they are in (`title`, `sections.0.heading`), when they are in one. */
  field?: string;
}

export interface EditBarOptions {
  /** Shows a Save button (only when auto-save is off). */
  manualSave: boolean;
  onSave?: () => void;
  /** Shows a Publish button (versioned pages: it opens the Publish dialog); publishing is always explicit. */
  onPublish?: () => void;
  onDone: () => void;
  /** Undo and Redo buttons (for touch screens; keys work inside the fields). */
  onUndo?: () => void;
  onRedo?: () => void;
  /** Shows a History button (versioned pages), the first of the secondary actions. */
  onHistory?: () => void;
  /**
   * More secondary actions (Inquiries, Pages, Preview, Share…), after History and before Settings:
   * a row of buttons on a wide screen, the "More" menu's entries on a narrow one.
   */
  actions?: readonly BarAction[];
}

export type { BarAction };

export interface EditBar {
  element: HTMLElement;
  setStatus(text: string): void;
  /** Shows a Reload button after the status line that calls `onReload`; `null` hides it. */
  setReload(onReload: (() => void) | null): void;
  /** Enables the Undo and Redo buttons by what the field last edited can do. */
  setHistory(state: HistoryState): void;
  setPeople(people: readonly Person[]): void;
  /**
   * Shows a count on the secondary action whose accessible name is `label` (Inquiries' unread
   * messages), also in its name and tooltip ("Inquiries, 3 unread") and on More; 0 hides it.
   */
  setCount(label: string, count: number, noun: string): void;
  destroy(): void;
}

/** The DOM event the Settings button dispatches; it bubbles to `document` and `window`. */
export const OPEN_SETTINGS_EVENT = "cms:open-settings";

/**
 * The edit bar: who else is here, a live status line (announced politely to screen readers), Undo
 * and Redo, an optional Save button, a Publish button for publishers, the secondary actions
 * (History, `options.actions`, Settings, which dispatches `cms:open-settings`) and Done. Plain
 * buttons in document order, so Tab reaches each of them; on a narrow screen the secondary actions
 * fold into a "More" menu and every control is at least 44 px square.
 *
 * @example
 * const bar = createEditBar(document, { manualSave: false, onDone: () => louise.done() });
 * bar.setStatus("Saving…");
 */
export function createEditBar(doc: Document, options: EditBarOptions): EditBar {
  const element = doc.createElement("div");
  element.className = "cms-bar";
  element.setAttribute("role", "region");
  element.setAttribute("aria-label", "Page editing");

  const people = doc.createElement("ul");
  people.className = "cms-people";
  people.setAttribute("aria-label", "Also editing");
  people.hidden = true;

  const status = doc.createElement("span");
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.className = "cms-status";

  // On a narrow screen the status line has a row of its own, above the buttons.
  const rowEnd = doc.createElement("span");
  rowEnd.className = "cms-row-end";
  // Shown only when the page must be loaded again (the site runs a newer editor than this one).
  let reloadWith: (() => void) | null = null;
  const reload = button(doc, "history", "Reload", "Reload the page", () => reloadWith?.());
  reload.hidden = true;
  element.append(people, status, reload, rowEnd);
  const undo = options.onUndo ? button(doc, "undo", "Undo", "Undo your last edit", options.onUndo) : null;
  const redo = options.onRedo ? button(doc, "redo", "Redo", "Redo", options.onRedo) : null;
  for (const control of [undo, redo]) if (control) (control.disabled = true), element.append(control);
  if (options.manualSave && options.onSave) element.append(button(doc, "save", "Save", "Save changes", options.onSave));
  if (options.onPublish) element.append(button(doc, "publish", "Publish", "Publish this page", options.onPublish));
  const secondary: BarAction[] = [
    ...(options.onHistory ? [{ icon: "history", text: "History", label: "Page history", onClick: options.onHistory } as const] : []),
    ...(options.actions ?? []),
    { icon: "settings", text: "Settings", label: "Open page settings", onClick: () => element.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT, { bubbles: true, composed: true })) },
  ];
  const more = createMoreMenu(doc, secondary);
  element.append(more.button, more.group, button(doc, "done", "Done", "Done editing", options.onDone));
  // Room below the page's last content, as tall as the bar, so scrolling to the end never leaves it under the bar.
  const spacer = doc.createElement("div");
  spacer.className = "cms-bar-spacer";
  spacer.setAttribute("aria-hidden", "true");
  doc.body.append(spacer, element);
  const stopFitting = foldWhenCrowded(element);
  const stopCaret = keepCaretAboveBar(doc, element, spacer);
  /* The count of each action that has one, and how the More button's description says it. */
  const counts = new Map<string, { count: number; described: string }>();

  return {
    element,
    setStatus(text) {
      if (status.textContent !== text) status.textContent = text;
    },
    setReload(onReload) {
      reloadWith = onReload;
      reload.hidden = onReload === null;
    },
    setHistory(state) {
      if (undo) undo.disabled = !state.canUndo;
      if (redo) redo.disabled = !state.canRedo;
    },
    setPeople(list) {
      people.replaceChildren(
        ...list.map((person) => {
          const item = doc.createElement("li");
          item.textContent = initials(person.name);
          const label = person.field ? `${person.name}, in ${humanName(person.field)}` : person.name;
          item.title = label;
          item.setAttribute("aria-label", label);
          item.style.background = person.color;
          item.style.color = readableTextOn(person.color);
          return item;
        }),
      );
      people.hidden = list.length === 0;
    },
    setCount(label, count, noun) {
      const target = [...more.group.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.dataset.cmsAction === label);
      if (!target) return;
      const named = `${label}, ${count} ${noun}`;
      showCount(target, count, count > 0 ? named : label);
      if (count > 0) counts.set(label, { count, described: `${label}: ${count} ${noun}` });
      else counts.delete(label);
      // The badge sums the counts under a word that fits every kind; the description (the tooltip)
      // says each one, since "3 open" of two kinds means nothing. The name never repeats an
      // action's own, so "Inquiries" names one button, folded or not.
      const shown = [...counts.values()];
      const total = shown.reduce((sum, entry) => sum + entry.count, 0);
      showCount(more.button, total, total > 0 ? `More actions, ${total} waiting` : "More actions");
      more.button.title = total > 0 ? shown.map((entry) => entry.described).join("; ") : "More actions";
    },
    destroy: () => (stopFitting(), stopCaret(), more.destroy(), element.remove(), spacer.remove()),
  };
}

/*
 * A count badge on a button, and in its name ("Inquiries, 3 unread"); 0 hides it. The badge draws
 * its number from a data attribute (CSS content), so the text the button shows stays the start of
 * its name: speech input users say what they see.
 */
function showCount(button: HTMLButtonElement, count: number, name: string): void {
  let badge = button.querySelector<HTMLElement>(".cms-count");
  if (!badge) {
    badge = button.ownerDocument.createElement("span");
    badge.className = "cms-count";
    badge.setAttribute("aria-hidden", "true");
    button.append(badge);
  }
  badge.dataset.count = String(count);
  badge.hidden = count === 0;
  button.setAttribute("aria-label", name);
  button.title = name;
}

/* On a phone, always; elsewhere, whenever the bar's buttons would not fit in the window. */
const NARROW = "(max-width: 40rem)";
const EDGE_PX = 8;

/**
 * Fits the bar to the window in up to two steps, measured: first the secondary actions lose their
 * visible text (`cms-compact`: icons, with the name still in the accessible name and the tooltip),
 * so a laptop keeps History, Preview, Pages and Settings one click away; only when even that does
 * not fit do they fold into the More menu (`cms-folded`). A site's extra actions, the people on the
 * page and the window's width all change what fits, so it is measured at start and whenever the
 * window or the bar's contents resize. Measuring and settling happen in one task, so nothing is
 * drawn in between.
 */
function foldWhenCrowded(bar: HTMLElement): () => void {
  const win = bar.ownerDocument.defaultView;
  if (!win) return () => undefined;
  // Laid out in full, a bar that reaches the window's left edge is squeezed (its labels wrap) or cut off.
  const crowded = () => bar.getBoundingClientRect().left < EDGE_PX || bar.scrollWidth > bar.clientWidth;
  const fit = () => {
    bar.classList.remove("cms-folded", "cms-compact");
    if (win.matchMedia(NARROW).matches) return void bar.classList.add("cms-folded");
    if (!crowded()) return;
    bar.classList.add("cms-compact");
    if (!crowded()) return;
    bar.classList.replace("cms-compact", "cms-folded");
  };
  fit();
  win.addEventListener("resize", fit);
  // Refitted in the next frame, not inside the observer's callback, so a fold is never itself a resize the observer must report again at once.
  const observer = typeof win.ResizeObserver === "function" ? new win.ResizeObserver(() => win.requestAnimationFrame(fit)) : null;
  observer?.observe(bar);
  return () => (win.removeEventListener("resize", fit), observer?.disconnect());
}

/**
 * Up to two initials of a display name.
 *
 * @example
 * initials("Pat Publisher") // "PP"
 */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.join("").toUpperCase() || "?";
}
