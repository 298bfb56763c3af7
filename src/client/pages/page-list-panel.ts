import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { listPages, pagePath, type PageEntry, type PagesApiOptions } from "./pages-api";
import { labelledInput } from "./slug-field";

/**
 * The edit bar's "Pages": every page of the site, each a link to its address, marked "Draft only"
 * (visitors do not see it), "Scheduled" (with when), "Published" and "Unpublished changes", with a
 * filter box matching titles and addresses.
 *
 * @example
 * openPageList(document, {});
 */
export async function openPageList(doc: Document, options: PagesApiOptions): Promise<void> {
  const { dialog, heading, message } = createDialog(doc, "Pages");
  dialog.style.width = "min(32rem, 90vw)";
  const { label: filterLabel, input: filter } = labelledInput(doc, "Filter pages", "filter");
  filter.type = "search";
  const list = doc.createElement("ol");
  list.className = "cms-page-list";
  list.style.cssText = "list-style:none;padding:0;margin:.5rem 0;max-height:20rem;overflow:auto;display:grid;gap:.4rem";
  dialog.append(heading, filterLabel, message, list, textButton(doc, "Close", () => dialog.close()));
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  message.textContent = "Loading…";
  const listed = await listPages(options);
  if (!listed.ok) {
    message.textContent = `Could not load the pages: ${listed.error}`;
    return;
  }
  const rows = listed.value.map((page) => ({ page, item: pageItem(doc, page), text: searchText(page) }));
  list.append(...rows.map((row) => row.item));
  const show = () => {
    const words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of rows) {
      row.item.hidden = !words.every((word) => row.text.includes(word));
      if (!row.item.hidden) shown++;
    }
    message.textContent = shown === rows.length ? `${rows.length} pages` : `${shown} of ${rows.length} pages`;
  };
  filter.addEventListener("input", show);
  show();
  filter.focus();
}

function pageItem(doc: Document, page: PageEntry): HTMLLIElement {
  const item = doc.createElement("li");
  const link = doc.createElement("a");
  const slug = page.live.slug ?? "";
  link.href = pagePath(slug);
  link.textContent = page.draft?.title ?? page.live.title ?? slug;
  const address = doc.createElement("small");
  address.textContent = ` ${pagePath(slug)} · ${states(doc, page).join(" · ")}`;
  item.append(link, address);
  item.dataset.state = page.published ? "published" : page.scheduled ? "scheduled" : "draft";
  return item;
}

/** The marks of one page, in words. */
function states(doc: Document, page: PageEntry): string[] {
  const marks = [page.published ? "Published" : "Draft only"];
  if (page.published && page.pending) marks.push("Unpublished changes");
  if (page.scheduled) marks.push(`Scheduled for ${formatTime(doc, page.scheduled.at)}`);
  if (page.draft?.slug && page.draft.slug !== page.live.slug) marks.push(`Moves to ${pagePath(page.draft.slug)} when published`);
  return marks;
}

function searchText(page: PageEntry): string {
  return [page.live.title, page.live.slug, page.draft?.title, page.draft?.slug].filter(Boolean).join(" ").toLowerCase();
}
