import type { EditorView } from "prosemirror-view";
import { uploadImage, type FetchLike } from "../images/media-api";

/** Largest pasted picture copied into the media library (the upload endpoint's example cap). */
export const MAX_PASTED_IMAGE_BYTES = 10 * 1024 * 1024;
/** How long one pasted image may take to fetch and upload before it is left out. */
const COPY_TIMEOUT_MS = 15_000;
/* A `data:` URL carries base64: about 4 characters for 3 bytes, plus its header. */
const MAX_DATA_URL_LENGTH = Math.ceil((MAX_PASTED_IMAGE_BYTES * 4) / 3) + 100;

export interface PastedImageCopy {
  uploadUrl: string;
  fetch: FetchLike;
  /** Whether an image may stay as it is (already a media image of this site, say). */
  keepImage: (src: string) => boolean;
}

/**
 * The editor's paste handler for pasted images that must be copied first: when the clipboard's
 * HTML holds any (`imagesToCopy`), the paste waits (with a note) while they are copied into the
 * media library, then goes in through ProseMirror's own paste (`pasteHTML`, so it is normalized
 * like any other) with the copies' URLs, which `copied` lets the normalizer keep. A remote `src`
 * never enters the document. Returns false when there is nothing to copy (the ordinary paste).
 *
 * @example
 * handleDOMEvents: { paste: (view, event) => pasteCopyingImages(view, event, { uploadUrl, fetch, keepImage, copied, say: note.say }) }
 */
export function pasteCopyingImages(view: EditorView, event: ClipboardEvent, options: PastedImageCopy & { copied: Set<string>; say: (text: string) => void }): boolean {
  const html = event.clipboardData?.getData("text/html") ?? "";
  const doc = view.dom.ownerDocument;
  const count = imagesToCopy(html, doc, options.keepImage).length;
  if (count === 0) return false;
  event.preventDefault();
  options.say(`Copying ${count === 1 ? "1 pasted image" : `${count} pasted images`} into the media library…`);
  void copyPastedImages(html, doc, options).then(({ html: withCopies, copied }) => {
    if (view.isDestroyed) return;
    for (const url of copied) options.copied.add(url);
    view.pasteHTML(withCopies);
  });
  return true;
}

/**
 * The pasted images worth copying into the media library: `data:image/…` pictures (how Word and
 * Google Docs put them in the clipboard) and http(s) images of other sites, each once. Local files
 * and anything else are not fetched; the normalizer leaves them out with a note.
 *
 * @example
 * imagesToCopy('<img src="https://other.site/x.png">', document, { keepImage: () => false }) // ["https://other.site/x.png"]
 */
export function imagesToCopy(html: string, doc: Document, keepImage: (src: string) => boolean): string[] {
  if (!/<img\b/i.test(html)) return [];
  const View = doc.defaultView ?? window;
  const parsed = new View.DOMParser().parseFromString(html, "text/html");
  const sources = [...parsed.querySelectorAll("img")].map((image) => image.getAttribute("src") ?? "");
  return [...new Set(sources.filter((src) => !keepImage(src) && (/^data:image\/[a-z.+-]+;base64,/i.test(src) || /^https?:\/\//i.test(src))))];
}

/**
 * Copies pasted images into the media library: each is read in the browser (a `data:` URL, or
 * another site's image, which that site must allow with CORS) and uploaded; resolves the pasted
 * HTML with the copied images' `src` swapped for their media URLs, and the set of those URLs. An
 * image that cannot be read, is over `MAX_PASTED_IMAGE_BYTES` or is refused by the upload keeps
 * its old `src`, so the normalizer leaves it out and names it in the paste note.
 *
 * @example
 * const { html, copied } = await copyPastedImages(clipboardHtml, document, { uploadUrl, fetch, keepImage });
 */
export async function copyPastedImages(html: string, doc: Document, options: PastedImageCopy): Promise<{ html: string; copied: Set<string> }> {
  const sources = imagesToCopy(html, doc, options.keepImage);
  const copies = new Map<string, string>();
  await Promise.all(
    sources.map(async (src) => {
      const url = await copyOne(src, options).catch(() => null);
      if (url !== null) copies.set(src, url);
    }),
  );
  if (copies.size === 0) return { html, copied: new Set() };
  const View = doc.defaultView ?? window;
  const parsed = new View.DOMParser().parseFromString(html, "text/html");
  for (const image of parsed.querySelectorAll("img")) {
    const copy = copies.get(image.getAttribute("src") ?? "");
    if (copy === undefined) continue;
    image.setAttribute("src", copy);
    // The other site's alternative sources would be fetched from it again.
    image.removeAttribute("srcset");
  }
  return { html: parsed.body.innerHTML, copied: new Set(copies.values()) };
}

async function copyOne(src: string, options: PastedImageCopy): Promise<string | null> {
  if (src.startsWith("data:") && src.length > MAX_DATA_URL_LENGTH) return null;
  const blob = src.startsWith("data:") ? dataUrlBlob(src) : await fetchImage(src);
  if (blob.size === 0 || blob.size > MAX_PASTED_IMAGE_BYTES) return null;
  const { url } = await uploadImage(blob, options.uploadUrl, options.fetch, pastedFileName(src, blob.type));
  return url;
}

/*
 * Decoded here rather than fetched: a page's Content-Security-Policy (`connect-src`) may forbid
 * fetching `data:` URLs, and there is nothing to fetch anyway.
 */
function dataUrlBlob(src: string): Blob {
  const comma = src.indexOf(",");
  const type = /^data:([^;,]+)/i.exec(src)?.[1] ?? "application/octet-stream";
  const text = atob(src.slice(comma + 1).replace(/\s+/g, ""));
  return new Blob([Uint8Array.from(text, (c) => c.charCodeAt(0))], { type });
}

/*
 * Another site's image, read by the browser without this site's cookies. That site must allow it
 * (CORS), and this page's Content-Security-Policy must allow connecting to it; otherwise it fails
 * and the image is left out.
 */
async function fetchImage(src: string): Promise<Blob> {
  const response = await fetch(src, { mode: "cors", credentials: "omit", signal: AbortSignal.timeout(COPY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/* The library's name for a pasted image: the other site's file name, or "pasted-image.<ext>". */
function pastedFileName(src: string, type: string): string {
  let file = "";
  try {
    if (/^https?:/i.test(src)) file = decodeURIComponent(new URL(src).pathname.split("/").pop() ?? "");
  } catch {
    // A malformed escape in the address: the generic name below will do.
  }
  return file || `pasted-image.${type.split("/")[1]?.replace("jpeg", "jpg") ?? "png"}`;
}
