import { DOMParser, DOMSerializer, type Node as PMNode } from "prosemirror-model";
import { closeHistory, history, redo as historyRedo, undo as historyUndo, undoDepth } from "prosemirror-history";
import { EditorState, type Command, type Plugin } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { richSchema } from "../../shared/rich-schema";
import { isSafeUrl } from "../../shared/safe-url";
import type { ImageControlsOptions } from "../images/image-dialog";
import type { UndoTarget } from "../undo/value-history";
import { readHeadingLevels } from "./heading-levels";
import { captionInlineImage, captionPlaceholder, selectedImage } from "./image-figure";
import { markdownShortcuts } from "./markdown-rules";
import type { PageListOptions } from "./page-list";
import { endsInMediaKey } from "../../shared/media-key-shape";
import { pasteCopyingImages } from "./paste-images";
import { createPasteNote } from "./paste-note";
import { baseKeys, keyName, type KeyBindings } from "./rich-commands";
import { createLinkPopover, type LinkPopover } from "./link-popover";
import { editLink } from "./rich-link";
import { injectRichStyles } from "./rich-styles";
import { keepStorable } from "./storable";
import { createRichToolbar } from "./rich-toolbar";

export interface RichTextOptions {
  /** Accessible name of the editing area. */
  label?: string;
  /** Called with the field's HTML after every change to the document. */
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** Extra ProseMirror plugins (live editing adds the Yjs sync, cursor and undo plugins). */
  plugins?: Plugin[];
  /**
   * Undo and redo commands; default ProseMirror's own history. Live editing passes Yjs's, which
   * undo only this editor's changes. `depth` counts the steps there are to undo.
   */
  history?: RichHistory;
  /** Extra key bindings, tried before the base ones. */
  keys?: KeyBindings;
  /** Image controls for the toolbar's Image button; omitted, there is no Image button. */
  images?: ImageControlsOptions;
  /** Where the link dialog's page picker reads the site's pages; default `/api/cms/pages`. */
  links?: PageListOptions;
  /** Wraps the editor's dispatch (Suggest mode turns edits into suggestions there). */
  wrapDispatch?: (dispatch: EditorView["dispatch"]) => EditorView["dispatch"];
}

/** A rich field's undo: its commands, how many steps there are to undo, and ending the current step. */
export interface RichHistory {
  undo: Command;
  redo: Command;
  depth(state: EditorState): number;
  seal(view: EditorView): void;
}

/**
 * A rich-text editor over an element's HTML, on ProseMirror with the schema the server uses
 * (`richSchema`), so what the editor can hold is exactly what the sanitizer keeps. Headings use
 * the levels the element's `data-cms-heading-levels` allows (default 2–4, under the page's `h1`);
 * markdown shortcuts (`## `, `- `, `1. `, `> `) start blocks; pasted HTML from Word, Google Docs
 * or a web page is normalized to the schema first, and images from other sites are copied into the
 * media library (when images may be inserted) or else left out with
 * a note (kept only when the field allows URLs).
 *
 * @example
 * const editor = new RichText(document.querySelector(".body")!, { onChange: (html) => console.log(html) });
 * editor.html(); // "<p>…</p>"
 */
export class RichText {
  readonly view: EditorView;
  readonly #element: HTMLElement;
  readonly #host: HTMLElement;
  readonly #options: RichTextOptions;
  readonly #history: RichHistory;
  #popover: LinkPopover | null = null;

  constructor(element: HTMLElement, options: RichTextOptions = {}) {
    this.#element = element;
    this.#options = options;
    const doc = element.ownerDocument;
    injectRichStyles(doc);
    const levels = readHeadingLevels(element.getAttribute("data-cms-heading-levels"));
    const content = DOMParser.fromSchema(richSchema).parse(element);
    this.#host = doc.createElement("div");
    this.#host.className = "cms-rich";
    element.replaceChildren(this.#host);
    this.#history = options.history ?? { undo: historyUndo, redo: historyRedo, depth: undoDepth, seal: (view) => view.dispatch(closeHistory(view.state.tr)) };
    const { undo, redo } = this.#history;
    const link = () => void editLink(this.view, options.links ?? {});
    const bindings: KeyBindings = {
      ...baseKeys(),
      "Mod-z": undo,
      "Mod-y": redo,
      "Mod-Shift-z": redo,
      "Mod-k": () => (link(), true),
      ...options.keys,
    };
    const note = createPasteNote(doc);
    const plugins = [
      keepStorable((reason) => note.say(`Not changed: ${reason}.`)),
      ...(options.plugins ?? []),
      markdownShortcuts(levels),
      captionPlaceholder(),
      ...(options.history ? [] : [history()]),
    ];
    // Pasted images copied into the media library (`pasteCopyingImages`) stay; other sites' do not.
    const copied = new Set<string>();
    // An image of this site stays only when it is a media image: any other (a page's own picture)
    // would be refused by the strict media rule, so it is copied into the library like another site's.
    const keepImage = (src: string) => copied.has(src) || (isSafeUrl(src, "src") && (options.images?.allowUrl === true || isSiteMedia(src, doc)));
    const images = options.images;
    const mac = /Mac|iP(hone|ad)/.test(doc.defaultView?.navigator.platform ?? "");
    const label = options.label ?? "Rich text";
    let toolbar: ReturnType<typeof createRichToolbar> | null = null;
    let popover: LinkPopover | null = null;
    const wrap = options.wrapDispatch ?? ((dispatch: EditorView["dispatch"]) => dispatch);
    this.view = new EditorView(this.#host, {
      state: EditorState.create({ schema: richSchema, doc: content, plugins }),
      attributes: { role: "textbox", "aria-multiline": "true", "aria-label": label },
      handleKeyDown: (view, event) => {
        const command = bindings[keyName(event, mac)];
        return command ? command(view.state, view.dispatch, view) : false;
      },
      handleDOMEvents: {
        blur: () => (options.onBlur?.(), false),
        paste: (view, event) => (images ? pasteCopyingImages(view, event, { uploadUrl: images.uploadUrl, fetch: images.fetch, keepImage, copied, say: note.say }) : false),
      },
      transformPastedHTML: (html) => note.normalize(html, { levels, keepImage }),
      // ProseMirror calls this with the view as `this`, also while the view is still being built
      // (the Yjs sync plugin renders the shared document from its constructor), before `this.view` is set.
      dispatchTransaction: wrap(function (this: EditorView, tr) {
        const state = this.state.apply(tr);
        this.updateState(state);
        toolbar?.update(state);
        popover?.update(state);
        if (tr.docChanged) options.onChange?.(documentHtml(state.doc, doc));
      }),
    });
    toolbar = createRichToolbar(() => this.view, {
      label,
      levels,
      onLink: link,
      onImage: options.images ? () => void this.insertImage() : undefined,
      onDescribeImage: () => void this.describeImage(),
    });
    toolbar.update(this.view.state);
    popover = this.#popover = createLinkPopover(() => this.view, { onEdit: link });
    // Toolbar and note stick together; the note floats under the toolbar, so it never moves the text.
    const top = doc.createElement("div");
    top.className = "cms-rich-top";
    top.append(toolbar.element, note.element);
    this.#host.before(top);
  }

  /** The document as HTML, the value the save endpoint takes for a rich field. */
  html(): string {
    return documentHtml(this.view.state.doc, this.#element.ownerDocument);
  }

  /**
   * This editor's undo and redo, for buttons and the page's history keys.
   *
   * @example
   * editor.undoTarget().undo();
   */
  undoTarget(): UndoTarget {
    const run = (command: Command, dispatch: boolean) => command(this.view.state, dispatch ? this.view.dispatch : undefined, this.view);
    return {
      undo: () => run(this.#history.undo, true),
      redo: () => run(this.#history.redo, true),
      canUndo: () => run(this.#history.undo, false),
      canRedo: () => run(this.#history.redo, false),
      depth: () => this.#history.depth(this.view.state),
      seal: () => this.#history.seal(this.view),
    };
  }

  /**
   * Opens the image dialog, then asks for the chosen image's description (the asset's alt text
   * offered first, and kept as the asset's own when it had none), an optional caption and a size, and inserts it at the selection: in running
   * text, or as a figure of its own when it has a caption. Cancelling either dialog inserts nothing.
   */
  async insertImage(): Promise<void> {
    if (!this.#options.images) return;
    const doc = this.#element.ownerDocument;
    const { keepAssetAlt, pickImage } = await import("../images/image-dialog");
    const picked = await pickImage(doc, this.#options.images);
    if (!picked || !isSafeUrl(picked.src, "src")) return;
    const { askNewImage } = await import("../images/alt-dialog");
    const details = await askNewImage(doc, { src: picked.src, alt: picked.alt || null });
    this.view.focus();
    if (details === null) return;
    const { alt, caption, width } = details;
    keepAssetAlt(picked, alt, this.#options.images);
    const tr = this.view.state.tr.replaceSelectionWith(richSchema.nodes.image!.create({ src: picked.src, alt, width }));
    if (caption !== "") captionInlineImage(tr, tr.selection.from - 1, caption);
    this.view.dispatch(tr.scrollIntoView());
  }

  /** Edits the description of the selected image (an inline image or a figure's, also while its caption is typed). */
  async describeImage(): Promise<void> {
    const selected = selectedImage(this.view.state);
    if (!selected) return;
    const { askAltText } = await import("../images/alt-dialog");
    const alt = await askAltText(this.#element.ownerDocument, { src: String(selected.node.attrs.src), alt: selected.node.attrs.alt as string | null });
    this.view.focus();
    // Read again: other editors may have moved or removed the image meanwhile.
    const now = selectedImage(this.view.state);
    if (alt === null || !now || now.node.attrs.src !== selected.node.attrs.src) return;
    this.view.dispatch(this.view.state.tr.setNodeMarkup(now.pos, undefined, { ...now.node.attrs, alt }));
  }

  /** Tears the editor down and leaves the element holding the current HTML. */
  destroy(): void {
    const html = this.html();
    this.#popover?.destroy();
    this.view.destroy();
    this.#element.innerHTML = html;
  }
}

function isSiteMedia(src: string, doc: Document): boolean {
  try {
    const url = new URL(src, doc.baseURI);
    return url.origin === new URL(doc.baseURI).origin && endsInMediaKey(url);
  } catch {
    return false;
  }
}

/**
 * Mounts a `RichText` editor on an element.
 *
 * @example
 * const editor = mountRichText(element, { label: "Body", onChange: (html) => queue.edit(address, html) });
 */
export function mountRichText(element: HTMLElement, options: RichTextOptions = {}): RichText {
  return new RichText(element, options);
}

/**
 * Serializes a rich-text document to HTML with the shared schema.
 *
 * @example
 * documentHtml(view.state.doc, document) // "<p>Hello <strong>you</strong></p>"
 */
export function documentHtml(node: PMNode, doc: Document): string {
  const holder = doc.createElement("div");
  holder.append(DOMSerializer.fromSchema(richSchema).serializeFragment(node.content, { document: doc }));
  return holder.innerHTML;
}
