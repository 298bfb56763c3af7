import { defaultMenu, type MenuEntry } from "../../shared/default-menu";
import { textButton } from "../dialog";
import type { PageEntry } from "./pages-api";

export type { MenuEntry };

/** The menu part of the settings panel. */
export interface MenuEditor {
  element: HTMLFieldSetElement;
  /** The menu as edited. */
  value(): MenuEntry[];
  /** Whether it differs from the menu it started with. */
  changed(): boolean;
}

/**
 * The site menu, edited in place in the settings panel: each entry a page under a label, moved up
 * or down or removed, and any published page added. Read-only for an editor who may not change
 * settings. Pages not published yet can be added too; the menu shows them once they are. With no
 * menu chosen yet it starts from the default menu visitors see, so adding one page keeps the
 * links already there; opening and saving without a change leaves the default in place.
 *
 * @example
 * const menu = createMenuEditor(document, { current: settings.menu, pages, readOnly: false });
 * form.append(menu.element);
 */
export function createMenuEditor(doc: Document, options: { current: unknown; pages: readonly PageEntry[]; readOnly: boolean }): MenuEditor {
  const chosen = Array.isArray(options.current);
  const initial = chosen ? readMenu(options.current) : defaultMenu(options.pages.flatMap((page) => (page.published ? [{ id: page.id, slug: page.live.slug ?? "", title: page.live.title ?? page.live.slug ?? `Page ${page.id}` }] : [])));
  const entries = initial.map((entry) => ({ ...entry }));
  const titles = new Map(options.pages.map((page) => [page.id, page.live.title ?? page.live.slug ?? `Page ${page.id}`]));
  const element = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = "Menu";
  const list = doc.createElement("ol");
  list.className = "cms-menu-list";
  const note = doc.createElement("p");
  element.append(legend, note, list);

  const adder = doc.createElement("select");
  adder.setAttribute("aria-label", "Page to add to the menu");
  const add = textButton(doc, "Add to menu", () => {
    const id = Number(adder.value);
    if (!id) return;
    entries.push({ pageId: id, label: (titles.get(id) ?? "").slice(0, 60) || `Page ${id}` });
    render();
  });
  if (!options.readOnly) element.append(adder, add);

  function render(): void {
    note.textContent = !chosen && !changed() ? "Visitors see these pages now, the home page and the first published pages. Change the list to choose your own menu." : entries.length === 0 ? "The menu is empty: visitors see no links." : "";
    list.replaceChildren(...entries.map((entry, i) => row(entry, i)));
    const inMenu = new Set(entries.map((entry) => entry.pageId));
    adder.replaceChildren(
      ...options.pages.filter((page) => !inMenu.has(page.id)).map((page) => {
        const option = doc.createElement("option");
        option.value = String(page.id);
        option.textContent = `${titles.get(page.id)}${page.published ? "" : " (not published)"}`;
        return option;
      }),
    );
    add.disabled = adder.options.length === 0;
  }

  function row(entry: MenuEntry, i: number): HTMLLIElement {
    const item = doc.createElement("li");
    const title = titles.get(entry.pageId) ?? `Page ${entry.pageId} (deleted)`;
    const label = doc.createElement("input");
    label.value = entry.label;
    label.maxLength = 60;
    label.readOnly = options.readOnly;
    label.setAttribute("aria-label", `Menu label for ${title}`);
    label.addEventListener("input", () => {
      entry.label = label.value;
      if (!chosen && changed()) note.textContent = "";
    });
    item.append(label);
    if (options.readOnly) return item;
    const move = (to: number) => () => {
      entries.splice(to, 0, ...entries.splice(i, 1));
      render();
      list.children[to]?.querySelector<HTMLButtonElement>(`button[aria-label^="${to < i ? "Move up" : "Move down"}"]`)?.focus();
    };
    const up = textButton(doc, "↑", move(i - 1));
    up.setAttribute("aria-label", `Move up: ${title}`);
    up.disabled = i === 0;
    const down = textButton(doc, "↓", move(i + 1));
    down.setAttribute("aria-label", `Move down: ${title}`);
    down.disabled = i === entries.length - 1;
    const remove = textButton(doc, "Remove", () => (entries.splice(i, 1), render()));
    remove.setAttribute("aria-label", `Remove from the menu: ${title}`);
    item.append(up, down, remove);
    return item;
  }

  const value = () => entries.map((entry) => ({ pageId: entry.pageId, label: entry.label.trim() }));
  const changed = () => JSON.stringify(value()) !== JSON.stringify(initial);
  render();
  return { element, value, changed };
}

function readMenu(value: unknown): MenuEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { pageId, label } = (entry ?? {}) as Record<string, unknown>;
    return typeof pageId === "number" && typeof label === "string" ? [{ pageId, label }] : [];
  });
}
