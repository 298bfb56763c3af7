import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { languageName, translationStatusText } from "../languages/translations";
import { listPages, pagePath, type PageEntry, type PagesApiOptions } from "./pages-api";
import { labelledInput } from "./slug-field";

/**
 * The edit bar's "Pages": every page of the site, each a link to its address, marked "Draft only"
 * (visitors do not see it), "Scheduled" (with when), "Published" and "Unpublished changes", with a
 * filter box matching titles and addresses. A translated page shows each other locale as a
 * badge: its translation's, linking to it and saying its status, or a muted, dashed one saying it
 * is not translated yet.
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
  item.append(link, address, ...translationBadges(doc, page, link.textContent));
  item.dataset.state = page.published ? "published" : page.scheduled ? "scheduled" : "draft";
  return item;
}

/* Outdated translations stand out, missing ones recede; the badge's accessible name says the page, language and status in words. */
const BADGE = "display:inline-block;margin-left:.4rem;padding:0 .35rem;border:1px solid #8a94a6;border-radius:.25rem;font-size:12px;color:#1d4ed8";
const BADGE_LOOK: Record<string, string> = {
  outdated: `${BADGE};background:#fff7ed;color:#9a3412`,
  missing: `${BADGE};border-style:dashed;color:#4b5563`,
};

function translationBadges(doc: Document, page: PageEntry, title: string): HTMLElement[] {
  return (page.translations ?? []).map((translation) => {
    const status = translationStatusText(translation, "");
    const badge = doc.createElement(translation.path === null ? "span" : "a");
    // A translation without an address (a missing one has none) is a named badge, not a link.
    if (translation.path !== null) badge.setAttribute("href", translation.path);
    else badge.setAttribute("role", "img");
    const code = translation.locale.toUpperCase();
    badge.textContent = code;
    // The name starts with the badge's visible text, so speech input finds it by what it shows.
    badge.setAttribute("aria-label", `${code}: ${title} in ${languageName(translation.locale)}, ${status}`);
    badge.title = status;
    badge.dataset.status = translation.status;
    badge.style.cssText = BADGE_LOOK[translation.status] ?? BADGE;
    return badge;
  });
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
