/* The link dialog: a chunk of its own, loaded the first time an editor presses Link. */
import { createDialog, settleOnce, textButton } from "../dialog";
import { normalizeLinkAddress } from "../../shared/link-address";
import type { SitePage } from "./page-list";

export interface LinkDialogOptions {
  /** The link being edited; empty for a new one. */
  href: string;
  /** Ask for the text to show as well (nothing was selected to turn into a link). */
  askText: boolean;
  /** The site's pages, for the picker. */
  pages: () => Promise<SitePage[]>;
}

/** What the editor chose: a (normalized, safe) address and the text to show, removing the link, or nothing. */
export type LinkChoice = { href: string; text: string } | "remove" | null;

let dialogCount = 0;

/**
 * Opens the link dialog: an Address box (a bare `example.com` becomes `https://example.com`; an
 * address the room would refuse, such as `javascript:`, is refused here with a message and the
 * dialog stays open), a picker of the site's own pages, the text to show when nothing was
 * selected, and Remove link when editing one. Resolves the choice once the dialog closes.
 *
 * @example
 * const choice = await openLinkDialog(document, { href: "", askText: false, pages: () => listSitePages(document, {}) });
 */
export function openLinkDialog(doc: Document, options: LinkDialogOptions): Promise<LinkChoice> {
  return new Promise((resolve) => {
    const editing = options.href !== "";
    const { dialog, heading, message } = createDialog(doc, "Link", editing ? "Edit link" : "Add a link");
    const id = `cms-link-${++dialogCount}`;
    message.id = `${id}-message`;
    const finish = settleOnce<LinkChoice>(dialog, resolve, null);

    const form = doc.createElement("form");
    const address = field(doc, "Address", `${id}-address`);
    address.input.value = options.href;
    address.input.inputMode = "url";
    address.input.autocomplete = "off";
    address.input.spellcheck = false;
    address.input.placeholder = "example.com, /about, mailto:…";
    address.input.setAttribute("aria-describedby", message.id);
    address.input.addEventListener("input", () => showError(null));

    const picker = pagePicker(doc, `${id}-page`, options.pages, (path) => {
      address.input.value = path;
      showError(null);
    }, (error) => showError(error));
    const text = options.askText ? field(doc, "Text to show", `${id}-text`) : null;

    const showError = (error: string | null) => {
      message.textContent = error ?? "";
      message.classList.toggle("cms-error", error !== null);
      address.input.setAttribute("aria-invalid", String(error !== null));
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const result = normalizeLinkAddress(address.input.value);
      if ("error" in result) {
        showError(result.error);
        address.input.focus();
        return;
      }
      finish({ href: result.href, text: text?.input.value.trim() ?? "" });
    });

    const save = doc.createElement("button");
    save.type = "submit";
    save.textContent = editing ? "Save link" : "Add link";
    const buttons = doc.createElement("div");
    buttons.append(save);
    if (editing) buttons.append(textButton(doc, "Remove link", () => finish("remove")));
    buttons.append(textButton(doc, "Cancel", () => finish(null)));
    form.append(address.label, picker, ...(text ? [text.label] : []), message, buttons);
    dialog.append(heading, form);
    doc.body.append(dialog);
    dialog.showModal();
    address.input.focus();
    address.input.select();
  });
}

function field(doc: Document, name: string, id: string): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = doc.createElement("label");
  const input = doc.createElement("input");
  input.type = "text";
  input.id = id;
  label.htmlFor = id;
  label.append(name, input);
  return { label, input };
}

/** A select of the site's pages; choosing one puts its path in the Address box. */
function pagePicker(doc: Document, id: string, pages: () => Promise<SitePage[]>, onPick: (path: string) => void, onError: (error: string) => void): HTMLLabelElement {
  const label = doc.createElement("label");
  const select = doc.createElement("select");
  select.id = id;
  label.htmlFor = id;
  const placeholder = new Option("Loading pages…", "");
  select.append(placeholder);
  select.disabled = true;
  label.append("Or link to a page of this site", select);
  select.addEventListener("change", () => select.value !== "" && onPick(select.value));
  pages().then(
    (list) => {
      placeholder.text = list.length > 0 ? "Choose a page…" : "No pages yet";
      select.append(...list.map((page) => new Option(`${page.title} (${page.path})`, page.path)));
      select.disabled = list.length === 0;
    },
    (error: unknown) => {
      placeholder.text = "Pages unavailable";
      onError(error instanceof Error ? error.message : "The pages could not be listed.");
    },
  );
  return label;
}
