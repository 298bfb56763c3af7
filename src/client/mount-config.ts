import type { FieldMarker } from "./markers";

/** The endpoint and saving options of `mountLouise` (its DOM-free part); every one has a default. */
export interface EndpointOptions {
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
}

/** The defaults, resolved. */
export interface ResolvedEndpoints {
  saveUrl: string;
  uploadUrl: string;
  mediaUrl: string;
  roomUrl: string | false;
  roomTimeoutMs: number;
  debounceMs: number | false;
}

/**
 * Fills in the defaults of the options that have them.
 *
 * @example
 * resolveEndpoints({ autoSave: { debounceMs: 300 } }).debounceMs // 300
 */
export function resolveEndpoints(options: EndpointOptions): ResolvedEndpoints {
  const debounce = options.autoSave === false ? false : options.autoSave?.debounceMs ?? 800;
  return {
    saveUrl: options.saveUrl ?? "/api/cms/save",
    uploadUrl: options.uploadUrl ?? "/api/cms/upload",
    mediaUrl: options.mediaUrl ?? "/api/cms/media",
    roomUrl: options.roomUrl === false ? false : (options.roomUrl ?? "/parties/page-room").replace(/\/+$/, ""),
    roomTimeoutMs: options.roomTimeoutMs ?? 5000,
    debounceMs: debounce === false ? false : Math.max(0, Math.trunc(debounce)),
  };
}

/**
 * The room path of a versioned page: the collection comes from the page's own markers (those
 * whose key is the page id), so a page mixing collections joins the right room. `null` when the
 * page is not versioned, live editing is off, or no marker belongs to the page.
 *
 * @example
 * roomPath("/parties/page-room", 1, markers) // "/parties/page-room/pages:1"
 */
export function roomPath(roomUrl: string | false, pageId: number | string | undefined, markers: readonly FieldMarker[]): string | null {
  if (roomUrl === false || pageId === undefined) return null;
  const own = markers.find((marker) => marker.key === String(pageId));
  return own ? `${roomUrl}/${own.collection}:${own.key}` : null;
}
