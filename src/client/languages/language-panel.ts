import { createDialog, textButton } from "../dialog";
import { DIFF_CSS, renderField } from "../history/diff-view";
import type { LanguagesContext } from "./languages-context";
import { readMarker } from "../markers";
import { addStylesOnce } from "../style-once";
import { languageName, translationStatusText, type TranslationEntry, type TranslationList } from "./translations";
import { loadTranslations, markUpToDate, recordAddress, sourceChanges, translate } from "./translations-api";
import { openTranslationsPanel } from "./translations-panel";
import { hideSourceText, isSourceShown, showSourceText } from "./source-text";

/* The panel's styles travel with its chunk. */
const CSS = `
.cms-languages{width:min(36rem,92vw);color:#1d232b;background:#fff}
.cms-languages .cms-locales{display:grid;grid-template-columns:none;gap:.4rem;max-height:none}
.cms-languages .cms-locales li{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem}
.cms-languages .cms-locales a{color:#1d4ed8}
.cms-languages .cms-outdated{border-left:4px solid #b45309;padding-left:.6rem;margin:.8rem 0}
`;

/**
 * The Language panel: each of the site's locales for this page with its status (source, not
 * translated yet, outdated, up to date; published or not); a locale with a page opens it, a
 * missing one offers Translate, which makes it from the source and opens it. On an outdated
 * translation it shows the source's changes since, word by word, and "Mark as up to date".
 *
 * @example
 * await openLanguagePanel(context);
 */
export async function openLanguagePanel(context: LanguagesContext): Promise<HTMLDialogElement> {
  const doc = context.bar.element.ownerDocument;
  const win = doc.defaultView ?? window;
  addStylesOnce(doc, "cms-languages-styles", CSS + DIFF_CSS);
  const here = languageName(context.languages.locale);
  const { dialog, heading, message } = createDialog(doc, "Language and translations");
  dialog.classList.add("cms-languages");
  const about = doc.createElement("p");
  const source = languageName(context.languages.defaultLocale);
  about.textContent = context.languages.locale === context.languages.defaultLocale ? `This page is in ${here}, the site's main language.` : `This page is the ${here} translation of the ${source} page.`;
  const list = doc.createElement("ul");
  list.className = "cms-locales";
  list.setAttribute("aria-label", "Languages of this page");
  const outdated = doc.createElement("section");
  outdated.className = "cms-outdated";
  outdated.hidden = true;
  const close = textButton(doc, "Close", () => dialog.close());
  const every = textButton(doc, "Translations of every page", () => {
    dialog.close();
    void openTranslationsPanel(context);
  });
  dialog.addEventListener("close", () => dialog.remove());
  dialog.append(heading, about, message, list, outdated, ...sourceToggle(context, message, source), every, close);
  doc.body.append(dialog);
  dialog.showModal();

  const go = async (address: Promise<{ ok: true; value: string } | { ok: false; error: string }>, failed: string) => {
    const answer = await address;
    if (!answer.ok) return void (message.textContent = `${failed}: ${answer.error}`);
    await context.flush();
    win.location.assign(answer.value);
  };
  const item = (entry: TranslationEntry, listing: TranslationList): HTMLLIElement => {
    const li = doc.createElement("li");
    const name = languageName(entry.locale);
    const label = doc.createElement("strong");
    label.textContent = name;
    li.append(label, ` (${translationStatusText(entry, context.languages.defaultLocale)})`);
    if (entry.locale === context.languages.locale) li.append(" · this page");
    else if (entry.id !== null) {
      const id = entry.id;
      const open = textButton(doc, `Open the ${name} page`, () => {
        message.textContent = `Opening the ${name} page…`;
        void go(recordAddress(context, id, entry.locale), `The ${name} page could not be opened`);
      });
      li.append(open);
    } else {
      const make = textButton(doc, `Translate into ${name}`, () => {
        make.disabled = true;
        message.textContent = `Making the ${name} translation from the ${source} page…`;
        void go(translate(context, listing.source, entry.locale), "Not translated").finally(() => (make.disabled = false));
      });
      li.append(make);
    }
    return li;
  };
  const showOutdated = async (entry: TranslationEntry, listing: TranslationList) => {
    const title = doc.createElement("h3");
    title.textContent = `The ${source} page changed since this translation`;
    const intro = doc.createElement("p");
    intro.textContent = `What changed there, to bring into ${here}:`;
    const mark = textButton(doc, "Mark as up to date", () => {
      mark.disabled = true;
      void markUpToDate(context, listing.source, entry.locale).then((answer) => {
        if (!answer.ok) return void ((mark.disabled = false), (message.textContent = `Not marked: ${answer.error}`));
        context.bar.setCount(context.label, 0, "outdated");
        void load(`Marked up to date with the ${source} page.`);
      });
    });
    outdated.replaceChildren(title, intro, mark);
    outdated.hidden = false;
    if (!entry.sourceVersions) return;
    const rich = richRoots(context.root);
    const changes = await sourceChanges(doc, context, listing.source, entry.sourceVersions, rich);
    const words = { removed: `before, in ${source}`, added: `now, in ${source}` };
    if (!changes.ok) intro.textContent = `The changes could not be shown: ${changes.error}`;
    else if (changes.value.length === 0) intro.textContent = "Its fields read the same as when this translation was made.";
    else intro.after(...changes.value.map((comparison) => renderField(doc, comparison, words)));
  };
  /* `done` is what the status line says once the list is read again (what an action did). */
  const load = async (done = "") => {
    const loading = "Loading the page's languages…";
    message.textContent = loading;
    const listed = await loadTranslations(context);
    if (!listed.ok) return void (message.textContent = `Could not load the languages: ${listed.error}`);
    // What the editor did meanwhile (Show source turned on or off) says more than the list's arrival.
    if (message.textContent === loading) message.textContent = done;
    list.replaceChildren(...listed.value.translations.map((entry) => item(entry, listed.value)));
    const own = listed.value.translations.find((entry) => entry.locale === context.languages.locale);
    if (own?.status === "outdated") return showOutdated(own, listed.value);
    outdated.replaceChildren();
    outdated.hidden = true;
  };
  await load();
  return dialog;
}

/* On a translation: "Show source" puts the source's text under each field (and takes it away). */
function sourceToggle(context: LanguagesContext, message: HTMLElement, source: string): HTMLElement[] {
  if (context.languages.sourceId === undefined || context.languages.sourceId === null) return [];
  const doc = context.bar.element.ownerDocument;
  const label = doc.createElement("label");
  label.className = "cms-source-toggle";
  const box = doc.createElement("input");
  box.type = "checkbox";
  box.checked = isSourceShown(doc);
  label.append(box, " Show source");
  const hint = doc.createElement("p");
  hint.textContent = `The ${source} text under each field, to translate from.`;
  box.addEventListener("change", () => {
    if (!box.checked) return void (hideSourceText(doc), (message.textContent = `The ${source} text is hidden.`));
    box.disabled = true;
    message.textContent = `Reading the ${source} page…`;
    void showSourceText(context).then((answer) => {
      box.disabled = false;
      box.checked = answer.ok;
      message.textContent = answer.ok ? `The ${source} text is shown under ${answer.value} ${answer.value === 1 ? "field" : "fields"}.` : `The ${source} text could not be read: ${answer.error}`;
    });
  });
  return [label, hint];
}

/* The page's rich-text fields (compared by their words and formatting, not their markup). */
function richRoots(root: ParentNode): Set<string> {
  const roots = new Set<string>();
  for (const element of root.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    if (marker?.kind === "richtext" && marker.below.length === 0) roots.add(marker.root);
  }
  return roots;
}
