import { Icon, type IconName } from "./icon";

/** A secondary action of the edit bar: inline on a wide screen, in the "More" menu on a narrow one. */
export interface BarAction {
  icon: IconName;
  /** The visible text. */
  text: string;
  /** The accessible name (what a screen reader says, and what tests find it by). */
  label: string;
  onClick: () => void;
}

/** The "More" button and the group of secondary actions it discloses. */
export interface MoreMenu {
  /** The "More" button (shown by the stylesheet on narrow screens only). */
  button: HTMLButtonElement;
  /** The actions' group: a row of buttons on wide screens, the menu's list on narrow ones. */
  group: HTMLElement;
  close(): void;
  destroy(): void;
}

/**
 * The edit bar's overflow: one set of buttons for the secondary actions, laid out inline while they
 * fit and behind a "More" disclosure button when they do not (the bar's `cms-folded` class, which
 * the edit bar sets by measuring; the stylesheet then shows the button). The button carries `aria-expanded` and `aria-controls`; Escape, a click outside or
 * choosing an action closes the menu and gives focus back to the button, so a dialog an action
 * opens returns focus to a control that is still visible.
 * Open, the menu is never taller than the space above the bar and scrolls (the stylesheet), so on a
 * short screen (a phone held sideways) its first actions do not end up above the top of the window.
 *
 * @example
 * const more = createMoreMenu(document, [{ icon: "history", text: "History", label: "Page history", onClick: open }]);
 * bar.append(more.button, more.group);
 */
export function createMoreMenu(doc: Document, actions: readonly BarAction[]): MoreMenu {
  const group = doc.createElement("div");
  group.className = "cms-extra";
  group.id = `cms-more-${Math.random().toString(36).slice(2, 8)}`;
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "More actions");

  const button = barButton(doc, "more", "More", "More actions", () => (isOpen() ? close(true) : open()));
  button.className = "cms-more";
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", group.id);

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  /* Folded: the button is displayed (the stylesheet hides it while the actions fit inline). */
  const folded = () => button.getClientRects().length > 0;
  const open = () => {
    button.setAttribute("aria-expanded", "true");
    group.querySelector("button")?.focus();
  };
  const close = (returnFocus: boolean) => {
    if (!isOpen()) return;
    button.setAttribute("aria-expanded", "false");
    if (returnFocus) button.focus();
  };
  for (const action of actions) {
    group.append(
      barButton(doc, action.icon, action.text, action.label, () => {
        if (folded()) close(true);
        action.onClick();
      }),
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !isOpen()) return;
    event.preventDefault();
    close(true);
  };
  const onPointerDown = (event: Event) => {
    const target = event.target;
    if (target instanceof Node && (group.contains(target) || button.contains(target))) return;
    close(false);
  };
  button.addEventListener("keydown", onKeyDown);
  group.addEventListener("keydown", onKeyDown);
  doc.addEventListener("pointerdown", onPointerDown, true);
  if (actions.length === 0) button.hidden = group.hidden = true;

  return { button, group, close: () => close(false), destroy: () => doc.removeEventListener("pointerdown", onPointerDown, true) };
}

/**
 * A button of the edit bar: an icon, its text (hidden on narrow screens outside the menu, where
 * the accessible name still says it) and an accessible name.
 *
 * @example
 * bar.append(barButton(document, "done", "Done", "Done editing", finish));
 */
export function barButton(doc: Document, icon: IconName, text: string, label: string, onClick: () => void): HTMLButtonElement {
  const element = doc.createElement("button");
  element.type = "button";
  element.setAttribute("aria-label", label);
  // The name it was made with, for finding it again once a count has been added to the name.
  element.dataset.cmsAction = label;
  // Where the text is hidden (a phone, a crowded bar), a pointer still learns the name.
  element.title = label;
  const span = doc.createElement("span");
  span.className = "cms-label";
  span.textContent = text;
  element.append(Icon(icon), span);
  element.addEventListener("click", onClick);
  return element;
}
