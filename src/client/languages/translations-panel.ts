import { callJson } from "../call-json";
import { createDialog, textButton } from "../dialog";
import { addStylesOnce } from "../style-once";
import type { LanguagesContext } from "./languages-context";
import { parseRecordList, translationRow, type GridRow } from "./translation-grid";
import { languageName } from "./translations";
import { loadTranslations } from "./translations-api";

const CSS = `
.cms-translations{width:min(56rem,96vw);color:#1d232b;background:#fff}
.cms-translations table{border-collapse:collapse;width:100%;margin:.5rem 0}
.cms-translations th,.cms-translations td{border:1px solid #8a94a6;padding:.3rem .5rem;text-align:left;vertical-align:top}
.cms-translations a{color:#1d4ed8}
.cms-translations td[data-status=outdated]{background:#fff7ed}
.cms-translations td[data-status=missing],.cms-translations td[data-status=outside]{color:#4b5563}
`;

/* Source pages read per "More pages"; each page's translations are one request. */
const PAGE_SIZE = 20;
/* A locale's records read to find its pages' addresses: up to this many lists of 100. */
const MAX_LIST_PAGES = 10;

/**
 * The Translations panel: the collection's pages (its default locale's records) × the site's
 * locales, each cell the page's status in that locale (source, not translated yet, outdated, up to
 * date; published or not), linking to that locale's page where there is one. Twenty pages at a
 * time, "More pages" for the next.
 *
 * @example
 * await openTranslationsPanel(context);
 */
export async function openTranslationsPanel(context: LanguagesContext): Promise<HTMLDialogElement> {
  const doc = context.bar.element.ownerDocument;
  addStylesOnce(doc, "cms-translations-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Translations of every page", "Translations");
  dialog.classList.add("cms-translations");
  const { locales, defaultLocale } = context.languages;
  const table = doc.createElement("table");
  const caption = doc.createElement("caption");
  caption.textContent = "Each page in each language";
  const head = doc.createElement("tr");
  head.append(...["Page", ...locales.map((locale) => languageName(locale))].map((text) => header(doc, text, "col")));
  const thead = doc.createElement("thead");
  thead.append(head);
  const body = doc.createElement("tbody");
  table.append(caption, thead, body);
  const more = textButton(doc, "More pages", () => void load());
  more.hidden = true;
  const close = textButton(doc, "Close", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  dialog.append(heading, message, table, more, close);
  doc.body.append(dialog);
  dialog.showModal();

  const base = `/api/cms/${encodeURIComponent(context.collection)}`;
  const slugs = await translationSlugs(context, base, locales.filter((locale) => locale !== defaultLocale));
  let cursor: string | null = null;
  const load = async () => {
    more.disabled = true;
    message.textContent = "Loading the pages…";
    const listed = await callJson(context.fetch, `${base}?locale=${encodeURIComponent(defaultLocale)}&limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, "GET");
    if (!listed.ok) return void ((message.textContent = `Could not list the pages: ${listed.error}`), (more.disabled = false));
    const { items, next } = parseRecordList(listed.value);
    const rows = await Promise.all(items.map(async (source) => translationRow(await loadTranslations({ ...context, pageId: String(source.id) }), context.languages, source, slugs)));
    body.append(...rows.map((row) => rowElement(doc, row, locales.length)));
    cursor = next;
    more.hidden = next === null;
    more.disabled = false;
    message.textContent = body.childElementCount === 0 ? "No pages yet." : "";
  };
  await load();
  return dialog;
}

/* The slugs of every record of the other locales, by id: where a translated cell links to. */
async function translationSlugs(context: LanguagesContext, base: string, locales: readonly string[]): Promise<Map<number, string>> {
  const slugs = new Map<number, string>();
  for (const locale of locales) {
    let cursor: string | null = null;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const answer = await callJson(context.fetch, `${base}?locale=${encodeURIComponent(locale)}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, "GET");
      if (!answer.ok) break;
      const { items, next } = parseRecordList(answer.value);
      for (const item of items) slugs.set(item.id, item.slug);
      if (next === null) break;
      cursor = next;
    }
  }
  return slugs;
}

function rowElement(doc: Document, row: GridRow | { title: string; error: string }, columns: number): HTMLTableRowElement {
  const tr = doc.createElement("tr");
  const name = header(doc, row.title, "row");
  tr.append(name);
  if ("error" in row) {
    const cell = doc.createElement("td");
    cell.colSpan = columns;
    cell.textContent = `Could not read its translations: ${row.error}`;
    tr.append(cell);
    return tr;
  }
  for (const cell of row.cells) {
    const td = doc.createElement("td");
    td.dataset.status = cell.status;
    if (cell.href) {
      const link = doc.createElement("a");
      link.href = cell.href;
      link.textContent = cell.text;
      link.setAttribute("aria-label", `${row.title} in ${languageName(cell.locale)}: ${cell.text}`);
      td.append(link);
    } else td.textContent = cell.text;
    tr.append(td);
  }
  return tr;
}

function header(doc: Document, text: string, scope: "col" | "row"): HTMLTableCellElement {
  const th = doc.createElement("th");
  th.scope = scope;
  th.textContent = text;
  return th;
}
