import { textButton } from "../dialog";
import { listMedia, type FetchLike, type MediaItem, type PickedImage } from "./media-api";

/** Assets per page of the picker. */
const PAGE_SIZE = 24;
/** Typing pause before a search runs. */
const SEARCH_DELAY_MS = 250;

const CSS = `
.cms-library-list{list-style:none;margin:.5rem 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.5rem;max-height:50vh;overflow:auto}
.cms-library-list li{display:grid;gap:.15rem;font-size:13px;color:#374151}
.cms-library-list button{display:grid;gap:.2rem;margin:0;padding:.3rem;min-height:44px;text-align:left;background:#fff;border:1px solid #8a94a6;border-radius:.35rem;color:#111827;font:inherit;cursor:pointer}
.cms-library-list img{width:100%;height:5.5rem;object-fit:contain;background:#f3f4f6}
.cms-library-name{font-weight:600;overflow-wrap:anywhere}
.cms-library-alt{color:#374151;overflow-wrap:anywhere}
`;

export interface MediaLibraryOptions {
  mediaUrl: string;
  fetch: FetchLike;
  /** The dialog's status line, for "no match", loading failures and such. */
  message: HTMLElement;
  onPick: (image: PickedImage) => void;
}

/**
 * The media library inside the image picker: a search box (file name and alt text, searched by
 * the server), a grid of the assets newest first, each a button named by its file name and alt
 * text with its size beside it, and "More images" for the next page. Picking hands over the
 * asset's URL and alt text, so the description dialog starts from the asset's own.
 *
 * @example
 * dialog.append(createMediaLibrary(document, { mediaUrl: "/api/cms/media", fetch, message, onPick: finish }));
 */
export function createMediaLibrary(doc: Document, options: MediaLibraryOptions): HTMLElement {
  injectLibraryStyles(doc);
  const section = doc.createElement("section");
  section.setAttribute("aria-label", "Media library");
  const search = doc.createElement("input");
  search.type = "search";
  const label = doc.createElement("label");
  label.append("Search images by name or description", search);
  const list = doc.createElement("ul");
  list.className = "cms-library-list";
  list.setAttribute("aria-label", "Images");
  const more = textButton(doc, "More images", () => void load(false));
  more.hidden = true;
  section.append(label, list, more);

  let next: string | null = null;
  // "More images" continues the listing on screen, whatever the box holds by then.
  let shown = "";
  // Answers to an older search arrive late sometimes: only the newest request may draw.
  let generation = 0;
  const load = async (fresh: boolean) => {
    const mine = ++generation;
    const text = fresh ? search.value.trim() : shown;
    options.message.textContent = "Loading images…";
    list.setAttribute("aria-busy", "true");
    try {
      const page = await listMedia(options.mediaUrl, options.fetch, { search: text, cursor: fresh ? null : next, limit: PAGE_SIZE });
      if (mine !== generation) return;
      list.setAttribute("aria-busy", "false");
      shown = text;
      next = page.next;
      more.hidden = next === null;
      const choices = page.items.map((item) => choice(doc, item, options.onPick));
      if (fresh) list.replaceChildren(...choices);
      else list.append(...choices);
      options.message.textContent =
        list.childElementCount > 0 ? "" : text === "" ? "The media library is empty: upload an image." : `No image's name or description contains "${text}".`;
      if (!fresh) (choices[0]?.querySelector("button") ?? more).focus();
    } catch (error) {
      if (mine !== generation) return;
      list.setAttribute("aria-busy", "false");
      options.message.textContent = error instanceof Error ? error.message : "The media list could not be read.";
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(true), SEARCH_DELAY_MS);
  });
  search.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    clearTimeout(timer);
    void load(true);
  });
  void load(true);
  return section;
}

function choice(doc: Document, item: MediaItem, onPick: (image: PickedImage) => void): HTMLLIElement {
  const li = doc.createElement("li");
  const alt = item.alt ?? "";
  const button = textButton(doc, "", () => onPick({ src: item.url, alt, key: item.key }));
  const img = doc.createElement("img");
  img.src = item.url;
  img.alt = "";
  img.loading = "lazy";
  const name = doc.createElement("span");
  name.className = "cms-library-name";
  name.textContent = item.name || "Image without a file name";
  button.append(img, name);
  if (alt !== "") {
    const description = doc.createElement("span");
    description.className = "cms-library-alt";
    description.textContent = alt;
    button.append(description);
  }
  li.append(button);
  if (typeof item.width === "number" && typeof item.height === "number") {
    const size = doc.createElement("span");
    size.textContent = `${item.width} × ${item.height} px`;
    li.append(size);
  }
  return li;
}

function injectLibraryStyles(doc: Document): void {
  if (doc.getElementById("cms-library-styles")) return;
  const style = doc.createElement("style");
  style.id = "cms-library-styles";
  style.textContent = CSS;
  doc.head.append(style);
}
