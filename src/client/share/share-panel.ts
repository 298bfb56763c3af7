import { createDialog, textButton } from "../dialog";
import { formatTime } from "../format-time";
import { shareLinksApi, type FetchLike, type OpenShareLink, type ShareTarget } from "./share-api";

export interface SharePanelOptions {
  target: ShareTarget;
  fetch: FetchLike;
}

/* The choices of "Expires after"; the API takes any 2 s to 30 days, the default is 7 days. */
const EXPIRY_CHOICES: readonly [label: string, seconds: number][] = [
  ["1 hour", 3600],
  ["1 day", 86_400],
  ["7 days", 7 * 86_400],
  ["30 days", 30 * 86_400],
];
const DEFAULT_EXPIRY = 7 * 86_400;

/**
 * The Share panel (publishers): makes a read-only link to this page's draft that works without an
 * account until it expires or is revoked, lists the open links with Copy and Revoke, and says
 * what a link gives away. Resolves once open.
 *
 * @example
 * await openSharePanel(document, { target: { collection: "pages", id: 2 }, fetch });
 */
export async function openSharePanel(doc: Document, options: SharePanelOptions): Promise<HTMLDialogElement> {
  const { dialog, heading, message } = createDialog(doc, "Share a draft", "Share this draft");
  const about = doc.createElement("p");
  about.textContent =
    "Anyone with a link can read this page's current draft without signing in, until the link expires or is revoked. Search engines are asked not to index it.";
  const expiry = doc.createElement("select");
  expiry.name = "share-expiry";
  for (const [label, seconds] of EXPIRY_CHOICES) {
    const option = doc.createElement("option");
    option.value = String(seconds);
    option.textContent = label;
    option.selected = seconds === DEFAULT_EXPIRY;
    expiry.append(option);
  }
  const expiryLabel = doc.createElement("label");
  expiryLabel.append("Expires after ", expiry);
  const create = textButton(doc, "Create link", () => void make());
  const listHeading = doc.createElement("h3");
  listHeading.textContent = "Open links";
  listHeading.style.cssText = "font-size:1em;margin:1rem 0 .3rem";
  const list = doc.createElement("ul");
  list.className = "cms-share-links";
  list.style.cssText = "display:block;max-height:18rem;overflow:auto;padding:0;list-style:none";
  const close = textButton(doc, "Close", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  dialog.append(heading, about, expiryLabel, create, message, listHeading, list, close);
  doc.body.append(dialog);
  dialog.showModal();

  const api = shareLinksApi(options.fetch, options.target);
  const render = (links: readonly OpenShareLink[]) => {
    list.replaceChildren(...links.map((link) => linkItem(doc, link, copy, revoke)));
    if (links.length === 0) {
      const none = doc.createElement("li");
      none.textContent = "No open links.";
      list.append(none);
    }
  };
  const load = async () => {
    const listed = await api.list();
    if (listed.ok) render(listed.value);
    else message.textContent = `Could not list the links: ${listed.text}`;
  };
  const make = async () => {
    create.disabled = true;
    message.textContent = "Creating a link…";
    const made = await api.create(Number(expiry.value));
    create.disabled = false;
    message.textContent = made.ok ? `Link created; it expires ${formatTime(doc, made.value?.expiresAt ?? null)}.` : `Not created: ${made.text}`;
    await load();
  };
  const copy = async (link: OpenShareLink) => {
    try {
      await (doc.defaultView ?? window).navigator.clipboard.writeText(link.url);
      message.textContent = "Link copied.";
    } catch {
      message.textContent = "Copying was not allowed: select the link and copy it.";
    }
  };
  const revoke = async (link: OpenShareLink) => {
    message.textContent = "Revoking…";
    const done = await api.revoke(link.id);
    message.textContent = done.ok ? "Link revoked: it no longer opens the draft." : `Not revoked: ${done.text}`;
    await load();
  };
  await load();
  return dialog;
}

function linkItem(doc: Document, link: OpenShareLink, copy: (link: OpenShareLink) => Promise<void>, revoke: (link: OpenShareLink) => Promise<void>): HTMLLIElement {
  const item = doc.createElement("li");
  item.style.cssText = "margin:.4rem 0";
  const expires = formatTime(doc, link.expiresAt);
  const field = doc.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.value = link.url;
  field.setAttribute("aria-label", `Share link, expires ${expires}`);
  field.style.cssText = "width:100%;box-sizing:border-box";
  field.addEventListener("focus", () => field.select());
  const note = doc.createElement("small");
  note.textContent = `Expires ${expires}`;
  note.style.cssText = "display:block";
  const copyButton = textButton(doc, "Copy", () => void copy(link));
  copyButton.setAttribute("aria-label", `Copy the link that expires ${expires}`);
  const revokeButton = textButton(doc, "Revoke", () => void revoke(link));
  revokeButton.setAttribute("aria-label", `Revoke the link that expires ${expires}`);
  item.append(field, note, copyButton, revokeButton);
  return item;
}
