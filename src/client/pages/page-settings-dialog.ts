import { createDialog, textButton } from "../dialog";
import { deletePage, listPages, renamePage, takenSlugs, type PagesApiOptions } from "./pages-api";
import { slugField } from "./slug-field";

export interface PageSettingsOptions extends PagesApiOptions {
  pageId: number;
  /** The page's slug as edit mode shows it (its draft's when one is pending). */
  slug: string;
  /** The editor may delete pages (the publish privilege; the server refuses everyone else). */
  canDelete: boolean;
  /** Where to go once the page is deleted; default the home page. */
  leave?: () => void;
}

/**
 * The edit bar's "Page" dialog: the page's address, changed as a draft (it takes effect when the
 * page is published, and the old address then redirects permanently to the new one), and, for a
 * publisher, deleting the page after a confirmation.
 *
 * @example
 * openPageSettings(document, { pageId: 12, slug: "about", canDelete: true });
 */
export async function openPageSettings(doc: Document, options: PageSettingsOptions): Promise<void> {
  const { dialog, heading, message } = createDialog(doc, "Page settings");
  const form = doc.createElement("form");
  form.method = "dialog";
  const slug = slugField(doc, options.slug);
  const note = doc.createElement("p");
  note.textContent = "A new address takes effect when the page is published; the old address then leads here.";
  const save = doc.createElement("button");
  save.type = "submit";
  save.textContent = "Save address";
  form.append(heading, slug.label, note, message, save);
  if (options.canDelete) form.append(textButton(doc, "Delete page", () => confirmDelete()));
  form.append(textButton(doc, "Close", () => dialog.close()));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  // Filled in when the other pages' slugs arrive; the server checks again anyway.
  let taken = new Set<string>();
  slug.input.addEventListener("input", () => (message.textContent = slug.problem(taken) ?? ""));

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const next = slug.input.value.trim();
    if (next === options.slug) return dialog.close();
    const problem = slug.problem(taken);
    if (problem) {
      message.textContent = problem;
      return;
    }
    message.textContent = "Saving…";
    void renamePage(options, options.pageId, next).then((saved) => {
      if (!saved.ok) message.textContent = `Not saved: ${saved.error}`;
      else {
        options.slug = next;
        message.textContent = `Saved: /${next} once published.`;
      }
    });
  });

  const listed = await listPages(options);
  if (listed.ok) taken = takenSlugs(listed.value, options.pageId);

  function confirmDelete(): void {
    message.textContent = "Delete this page? Visitors will no longer find it.";
    const yes = textButton(doc, "Yes, delete this page", () => {
      yes.disabled = true;
      message.textContent = "Deleting…";
      void deletePage(options, options.pageId).then((deleted) => {
        if (!deleted.ok) {
          message.textContent = `Not deleted: ${deleted.error}`;
          yes.remove();
          return;
        }
        dialog.close();
        (options.leave ?? (() => doc.defaultView?.location.assign("/")))();
      });
    });
    message.after(yes);
    yes.focus();
  }
}
