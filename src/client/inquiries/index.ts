/*
 * The Inquiries panel: the contact form's messages for editors, in a chunk of its own so pages
 * whose editor never opens it do not carry it.
 */
import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { humanName } from "../human-name";
import { addStylesOnce } from "../style-once";
import { callInquiries, type FetchLike } from "./inquiries-api";
import { parseInquiryPage, type Inquiry } from "./inquiry-page";

export type { Inquiry, InquiryPage } from "./inquiry-page";
export { parseInquiryPage } from "./inquiry-page";

const CSS = `
.cms-inquiries{width:min(40rem,92vw);color:#1d232b;background:#fff}
.cms-inquiries ol{list-style:none;padding:0;margin:.5rem 0;display:grid;gap:.5rem;max-height:60vh;overflow:auto}
.cms-inquiry{border:1px solid #8a94a6;border-radius:.4rem;padding:.5rem .6rem}
.cms-inquiry[data-read=false]{border-left:4px solid #1d4ed8}
.cms-inquiry h3{margin:0;font-size:1rem}
.cms-inquiry dl{margin:.3rem 0;display:grid;grid-template-columns:max-content 1fr;gap:.15rem .6rem}
.cms-inquiry dt{font-weight:600}
.cms-inquiry dd{margin:0;white-space:pre-wrap}
`;

export interface InquiriesPanelOptions {
  /** The review endpoint: `GET` lists newest first, `PATCH ?id=` `{ read }`, `DELETE ?id=`. */
  url: string;
  fetch: FetchLike;
}

/**
 * Opens the Inquiries panel: the messages visitors sent through the contact form, newest first,
 * each with the form's fields, when it came and whether it was read; "Mark read" / "Mark unread",
 * "Delete" (asked again before anything is deleted), and older messages a page at a time.
 * Resolves once the first page is shown.
 *
 * @example
 * await openInquiriesPanel(document, { url: "/api/cms/inquiries", fetch });
 */
export async function openInquiriesPanel(doc: Document, options: InquiriesPanelOptions): Promise<HTMLDialogElement> {
  addStylesOnce(doc, "cms-inquiries-styles", CSS);
  const { dialog, heading, message } = createDialog(doc, "Inquiries", "Inquiries from the contact form");
  dialog.classList.add("cms-inquiries");
  const list = doc.createElement("ol");
  list.setAttribute("aria-label", "Messages, newest first");
  const older = textButton(doc, "Show older messages", () => void loadPage(next));
  older.hidden = true;
  dialog.append(heading, message, list, older, textButton(doc, "Close", () => dialog.close()));
  dialog.addEventListener("close", () => dialog.remove());
  doc.body.append(dialog);
  dialog.showModal();

  let next: string | null = null;
  const at = (id: number) => `${options.url}${options.url.includes("?") ? "&" : "?"}id=${id}`;

  const loadPage = async (cursor: string | null) => {
    message.textContent = "Loading messages…";
    older.disabled = true;
    const url = cursor ? `${options.url}${options.url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : options.url;
    const answer = await callInquiries(options.fetch, url, "GET");
    older.disabled = false;
    if (!answer.ok) {
      message.textContent = `Could not load the messages: ${answer.error}`;
      return;
    }
    const page = parseInquiryPage(answer.value);
    next = page.next;
    older.hidden = next === null;
    list.append(...page.items.map(render));
    message.textContent = list.childElementCount === 0 ? "No messages yet." : "";
  };

  const render = (inquiry: Inquiry): HTMLLIElement => {
    const item = doc.createElement("li");
    item.className = "cms-inquiry";
    const title = doc.createElement("h3");
    const state = doc.createElement("span");
    const details = doc.createElement("dl");
    for (const [name, value] of inquiry.fields) {
      const term = doc.createElement("dt");
      term.textContent = humanName(name);
      const text = doc.createElement("dd");
      text.textContent = value;
      details.append(term, text);
    }
    const toggle = textButton(doc, "", () => void setRead(!read));
    const remove = textButton(doc, "Delete", () => confirmDelete());
    const actions = doc.createElement("p");
    actions.append(toggle, remove);
    item.append(title, details, actions);
    const who = inquiry.fields.find(([name]) => name === "name")?.[1] || "Message";
    title.append(`${who} · ${formatTime(doc, inquiry.createdAt)} `, state);
    item.setAttribute("aria-label", `Message from ${who}`);

    let read = inquiry.readAt !== null;
    const show = () => {
      item.dataset.read = String(read);
      state.textContent = read ? "(read)" : "(unread)";
      toggle.textContent = read ? "Mark unread" : "Mark read";
    };
    show();
    const setRead = async (value: boolean) => {
      toggle.disabled = true;
      const answer = await callInquiries(options.fetch, at(inquiry.id), "PATCH", { read: value });
      toggle.disabled = false;
      if (!answer.ok) return void (message.textContent = `Not changed: ${answer.error}`);
      read = value;
      show();
      message.textContent = value ? `Message from ${who} marked read.` : `Message from ${who} marked unread.`;
    };
    // Deleting cannot be undone, so it is asked for again in place, with Keep focused.
    const confirmDelete = () => {
      const ask = doc.createElement("p");
      ask.setAttribute("role", "group");
      ask.setAttribute("aria-label", "Confirm delete");
      const keep = textButton(doc, "Keep", () => (ask.replaceWith(actions), remove.focus()));
      ask.append(`Delete the message from ${who} for good? `, textButton(doc, "Delete for good", () => void destroy()), keep);
      actions.replaceWith(ask);
      keep.focus();
    };
    const destroy = async () => {
      const answer = await callInquiries(options.fetch, at(inquiry.id), "DELETE");
      if (!answer.ok) return void (message.textContent = `Not deleted: ${answer.error}`);
      const neighbour = item.nextElementSibling ?? item.previousElementSibling;
      item.remove();
      message.textContent = `Message from ${who} deleted.`;
      (neighbour?.querySelector("button") ?? older).focus();
    };
    return item;
  };

  await loadPage(null);
  return dialog;
}
