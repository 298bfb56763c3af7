import { SOURCE_CHANGED_EVENT, translationReadOnly } from "../../shared/page-languages";
import { readMarker } from "../markers";
import type { Mounted } from "../mount-options";
import type { LanguagesContext } from "./languages-context";
import { addStylesOnce } from "../style-once";
import { languageName, type TranslationEntry } from "./translations";
import { loadTranslations, recordAddress } from "./translations-api";
import { hideSourceText } from "./source-text";
import { showFallbackText } from "./fallback-text";

const CSS = `
.cms-shared-note{display:block;width:fit-content;margin:.2rem 0;padding:.1rem .4rem;border-radius:.3rem;background:#eef3ff;color:#1d4ed8;font:13px/1.4 system-ui,sans-serif}
`;

/**
 * What a translation shows once it is mounted: under each empty field the text visitors see there
 * instead (`showFallbackText`); beside each shared field (read-only here) a note
 * "Edited in <source language>" linking to the source page, and, when the source changed since the
 * translation was brought up to date, a notice and a count on the Language action: at once, or
 * when the source's draft is written while the translation is open (its room says
 * `source-changed`).
 *
 * @example
 * mounted.push(await startTranslation(context));
 */
export async function startTranslation(context: LanguagesContext): Promise<Mounted> {
  const notes: HTMLElement[] = [];
  const source = languageName(context.languages.defaultLocale);
  const fallbacks = showFallbackText(context);
  const listed = await loadTranslations(context);
  // Done takes away what the Language panel's "Show source" added too, and the fallbacks' marks.
  const hideSource = () => (hideSourceText(context.bar.element.ownerDocument), fallbacks.destroy());
  if (!listed.ok) return { destroy: hideSource };
  const view = context.bar.element.ownerDocument.defaultView ?? window;
  // Told once per source version the translation was made from: a source typed on says it once,
  // and again only after "Mark as up to date" moved the translation on.
  let toldFrom: number | null | undefined;
  const tell = (translations: readonly TranslationEntry[]) => {
    const own = translations.find((entry) => entry.locale === context.languages.locale);
    if (own?.status !== "outdated" || !context.bar.element.isConnected) return;
    const from = own.sourceVersions?.from ?? null;
    if (from === toldFrom) return;
    toldFrom = from;
    context.bar.setCount(context.label, 1, "outdated");
    context.notify(`The ${source} page changed since this translation: ${context.languages.locale.toUpperCase()} in the edit bar shows what changed`);
  };
  tell(listed.value.translations);
  // A source written while this page is open makes it outdated: the list is read again then.
  const follow = () => void loadTranslations(context).then((again) => again.ok && tell(again.value.translations));
  const shared = new Set(translationReadOnly(context.languages));
  // One note per shared field, after the first element of this record's that shows it.
  const firsts = new Map<string, HTMLElement>();
  for (const element of context.root.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    if (marker && marker.key === context.pageId && shared.has(marker.root) && !firsts.has(marker.root)) firsts.set(marker.root, element);
  }
  // Done may have been pressed while the list loaded: nothing is added to a page no longer edited.
  if (firsts.size > 0 && context.bar.element.isConnected) {
    const address = await recordAddress(context, listed.value.source, context.languages.defaultLocale);
    const doc = context.bar.element.ownerDocument;
    addStylesOnce(doc, "cms-shared-note-styles", CSS);
    for (const element of firsts.values()) {
      const note = doc.createElement(address.ok ? "a" : "span");
      note.className = "cms-shared-note";
      note.textContent = `Edited in ${source}`;
      if (address.ok) note.setAttribute("href", address.value);
      element.after(note);
      notes.push(note);
    }
  }
  view.addEventListener(SOURCE_CHANGED_EVENT, follow);
  return {
    destroy: () => {
      notes.forEach((note) => note.remove());
      view.removeEventListener(SOURCE_CHANGED_EVENT, follow);
      hideSource();
    },
  };
}
