import { COMMENT_ENTRY_EVENT } from "../comments/events";
import { Icon, type IconName } from "../icon";
import { dragToReorder } from "./entry-drag";

/** What an entry's controls ask for. */
export type EntryAction = "up" | "down" | "duplicate" | "remove";

/** An entry's toolbar: its element, and a way to say where the entry now stands. */
export interface EntryControls {
  element: HTMLElement;
  /** Names the toolbar after the entry's place and kind ("Section 2: Hero"). */
  label(text: string): void;
  destroy(): void;
}

const BUTTONS: readonly { action: EntryAction; name: (noun: string) => string; icon: IconName }[] = [
  { action: "up", name: (noun) => `Move ${noun} up`, icon: "up" },
  { action: "down", name: (noun) => `Move ${noun} down`, icon: "down" },
  { action: "duplicate", name: (noun) => `Duplicate ${noun}`, icon: "duplicate" },
  { action: "remove", name: (noun) => `Remove ${noun}`, icon: "close" },
];

/**
 * The controls of one entry of a list: a "Drag to reorder section" handle for a pointer (mouse,
 * pen or finger; `moveTo` gets the entry's index after the drop), and buttons ("Move section up",
 * "Move section down", "Duplicate section", "Remove section"; "… item" in a nested list),
 * reachable by Tab, with Alt+ArrowUp / Alt+ArrowDown anywhere inside `entry` (the innermost entry
 * takes the keys, so a feature item moves rather than its section). The handle stays out of the
 * Tab order, since the buttons and keys already move the entry. Buttons stay enabled at the
 * list's ends (a move there does nothing), so focus never falls off a button that became disabled.
 * A section also gets "Comment on section", which dispatches `cms:comment-entry` from the section
 * for the comments panel.
 *
 * @example
 * const controls = entryControls(section, "section", (action) => act(map, action), (to) => moveTo(map, to));
 * section.prepend(controls.element);
 */
export function entryControls(entry: HTMLElement, noun: string, act: (action: EntryAction) => void, moveTo: (to: number) => void): EntryControls {
  const doc = entry.ownerDocument;
  const toolbar = doc.createElement("div");
  toolbar.className = "cms-entry-controls";
  toolbar.setAttribute("role", "toolbar");
  toolbar.contentEditable = "false";
  const handle = doc.createElement("button");
  handle.type = "button";
  handle.className = "cms-drag-handle";
  handle.tabIndex = -1;
  handle.setAttribute("aria-label", `Drag to reorder ${noun}`);
  handle.title = `Drag to reorder ${noun}`;
  const grip = Icon("grip", { size: 14 });
  // Bolder dots than the icon's strokes: the grip is drawn as six round ends of zero-length lines.
  grip.setAttribute("stroke-width", "4");
  handle.append(grip);
  toolbar.append(handle);
  const stopDrag = dragToReorder(handle, entry, (to) => {
    if (to !== null) moveTo(to);
  });
  for (const { action, name, icon } of BUTTONS) {
    const button = doc.createElement("button");
    button.type = "button";
    button.setAttribute("aria-label", name(noun));
    button.title = name(noun);
    button.dataset.cmsAction = action;
    button.append(Icon(icon, { size: 14 }));
    button.addEventListener("click", () => act(action));
    toolbar.append(button);
  }
  if (noun === "section") {
    const comment = doc.createElement("button");
    comment.type = "button";
    comment.setAttribute("aria-label", "Comment on section");
    comment.title = "Comment on section";
    comment.dataset.cmsAction = "comment";
    comment.append(Icon("comment", { size: 14 }));
    comment.addEventListener("click", () => comment.dispatchEvent(new CustomEvent(COMMENT_ENTRY_EVENT, { bubbles: true })));
    toolbar.append(comment);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    act(event.key === "ArrowUp" ? "up" : "down");
  };
  entry.addEventListener("keydown", onKeyDown);
  return {
    element: toolbar,
    label: (text) => toolbar.setAttribute("aria-label", text),
    destroy() {
      stopDrag();
      entry.removeEventListener("keydown", onKeyDown);
      toolbar.remove();
    },
  };
}
