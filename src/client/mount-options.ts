import type { FieldMarker } from "./markers";

/** Options of `mountLouise`. Every endpoint defaults to the reference site's. */
export interface MountLouiseOptions {
  /** Where to look for markers; default the whole document. */
  root?: ParentNode;
  /** The page's id when its collection has drafts: saves are drafts ("Draft saved") and fields join the page's room. */
  versionedPageId?: number | string;
  /** `{ debounceMs }` tunes the idle debounce (default 800 ms); `false` turns auto-save off and shows a Save button. */
  autoSave?: { debounceMs?: number } | false;
  /** Inline save endpoint; default `/api/cms/save`. */
  saveUrl?: string;
  /** Image upload endpoint (raw bytes → `{ key, url }`); default `/api/cms/upload`. */
  uploadUrl?: string;
  /** Media list (`{ items, next }`); default `/api/cms/media`. */
  mediaUrl?: string;
  /** Path prefix of page rooms (`<roomUrl>/<collection>:<id>`); default `/parties/page-room`; `false` edits over REST only. */
  roomUrl?: string | false;
  /** How long to wait for the room before falling back to REST saves; default 5000 ms. */
  roomTimeoutMs?: number;
  /** Called after Done, once pending edits are saved and the editors are gone. */
  onDone?: () => void;
  fetch?: typeof fetch;
}

/** What `mountLouise` returns when the page has markers. */
export interface LouiseHandle {
  /** Resolves once every field is editable (after the room connected, or the REST fallback). */
  ready: Promise<void>;
  /** `live` when fields are bound to the page's room, `rest` when they save over HTTP. */
  mode(): "connecting" | "live" | "rest";
  /** Saves pending edits now. */
  flush(): Promise<void>;
  /** What Done does: saves, removes the editors and the edit bar, dispatches `cms:done`. */
  done(): Promise<void>;
}

/** A marker and the element carrying it. */
export interface MarkedElement {
  element: HTMLElement;
  marker: FieldMarker;
}

/** Something mounted that must be undone when editing ends. */
export interface Mounted {
  destroy(): void;
}
