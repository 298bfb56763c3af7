import { defaultMenu, type MenuEntry } from "../../shared/default-menu";
import { textButton } from "../dialog";
import { languageName } from "../languages/translations";
import { menuValue, readMenu, type EditedEntry } from "./menu-value";
import type { PageEntry } from "./pages-api";

export type { MenuEntry };

/** A site's languages, as the menu editor offers a label per locale. */
export interface MenuLanguages {
  locales: readonly string[];
  defaultLocale: string;
}

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
 * links already there; opening and saving without a change leaves the default in place. With
 * `languages` of several locales each entry also has a label per other locale ("Label in German
 * for About"); left empty, that locale's pages show the entry's label.
 *
 * @example
 * const menu = createMenuEditor(document, { current: settings.menu, pages, readOnly: false, languages: { locales: ["en", "de"], defaultLocale: "en" } });
 * form.append(menu.element);
 */
export function createMenuEditor(doc: Document, options: { current: unknown; pages: readonly PageEntry[]; readOnly: boolean; languages?: MenuLanguages }): MenuEditor {
  const chosen = Array.isArray(options.current);
  const initial = chosen ? readMenu(options.current) : defaultMenu(options.pages.flatMap((page) => (page.published ? [{ id: page.id, slug: page.live.slug ?? "", title: page.live.title ?? page.live.slug ?? `Page ${page.id}` }] : [])));
  const entries = initial.map((entry) => ({ ...entry, labels: { ...entry.labels } }));
  const others = options.languages ? options.languages.locales.filter((locale) => locale !== options.languages?.defaultLocale) : [];
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
    entries.push({ pageId: id, label: (titles.get(id) ?? "").slice(0, 60) || `Page ${id}`, labels: {} });
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

  function row(entry: EditedEntry, i: number): HTMLLIElement {
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
    for (const locale of others) item.append(localeLabel(entry, locale, title));
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

  /* An empty label for a locale is no label: that locale's pages show the entry's label. */
  function localeLabel(entry: EditedEntry, locale: string, title: string): HTMLInputElement {
    const input = doc.createElement("input");
    const language = languageName(locale);
    input.value = entry.labels[locale] ?? "";
    input.maxLength = 60;
    input.readOnly = options.readOnly;
    input.lang = locale;
    input.setAttribute("aria-label", `Label in ${language} for ${title}`);
    input.placeholder = "As the label";
    input.addEventListener("input", () => {
      entry.labels[locale] = input.value;
      if (!chosen && changed()) note.textContent = "";
    });
    return input;
  }

  const value = (): MenuEntry[] => menuValue(entries);
  const changed = () => JSON.stringify(value()) !== JSON.stringify(initial);
  render();
  return { element, value, changed };
}
