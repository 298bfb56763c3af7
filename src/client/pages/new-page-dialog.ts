import { slugFrom, uniqueSlug } from "../../shared/slug";
import { createDialog, textButton } from "../dialog";
import { createPage, listPages, pagePath, takenSlugs, type PagesApiOptions } from "./pages-api";
import { labelledInput, slugField } from "./slug-field";

export interface NewPageOptions extends PagesApiOptions {
  /** Where to go once the page exists; default the browser goes to its address (edit mode for an editor). */
  open?: (path: string) => void;
}

/**
 * The edit bar's "New page": asks for a title, proposes an address from it (unique among the
 * site's pages and their drafts; editable, checked as the server checks it), creates the page as a
 * draft and opens it. Visitors do not see it until a publisher publishes it. The server's refusal
 * (a slug taken meanwhile) is shown in the dialog, which stays open.
 *
 * @example
 * openNewPageDialog(document, {});
 */
export async function openNewPageDialog(doc: Document, options: NewPageOptions): Promise<void> {
  const { dialog, heading, message } = createDialog(doc, "New page");
  const form = doc.createElement("form");
  form.method = "dialog";
  const { label: titleLabel, input: title } = labelledInput(doc, "Title", "title");
  title.required = true;
  title.maxLength = 200;
  const slug = slugField(doc, "");
  const create = doc.createElement("button");
  create.type = "submit";
  create.textContent = "Create page";
  form.append(heading, titleLabel, slug.label, message, create, textButton(doc, "Cancel", () => dialog.close()));
  dialog.append(form);
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  // The address follows the title until the editor types their own; the other pages' slugs
  // arrive while the editor types, and the proposal then steps around them.
  let taken = new Set<string>();
  let slugEdited = false;
  const propose = () => {
    if (!slugEdited) slug.input.value = title.value.trim() === "" ? "" : uniqueSlug(slugFrom(title.value), taken);
  };
  slug.input.addEventListener("input", () => {
    slugEdited = true;
    message.textContent = slug.problem(taken) ?? "";
  });
  title.addEventListener("input", propose);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const problem = title.value.trim() === "" ? "Give the page a title." : slug.problem(taken);
    if (problem) {
      message.textContent = problem;
      return;
    }
    const page = { title: title.value.trim(), slug: slug.input.value.trim() };
    message.textContent = "Creating…";
    create.disabled = true;
    void createPage(options, page).then((created) => {
      create.disabled = false;
      if (!created.ok) {
        message.textContent = `Not created: ${created.error}`;
        return;
      }
      dialog.close();
      (options.open ?? ((path) => doc.defaultView?.location.assign(path)))(pagePath(page.slug));
    });
  });

  const listed = await listPages(options);
  if (listed.ok) taken = takenSlugs(listed.value);
  else message.textContent = `Could not load the other pages: ${listed.error}`;
  propose();
}
