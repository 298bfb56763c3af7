import type { EndpointOptions } from "./mount-config";
import type { BarAction } from "./more-menu";
import type { FieldMarker } from "./markers";
import type { PageLanguages } from "../shared/page-languages";

/** Options of `mountLouise`. Every endpoint defaults to the reference site's. */
export interface MountLouiseOptions extends EndpointOptions {
  /** Where to look for markers; default the whole document. */
  root?: ParentNode;
  /** The page's id when its collection has drafts: saves are drafts ("Draft saved") and fields join the page's room. */
  versionedPageId?: number | string;
  /**
   * The signed-in editor may publish. On a versioned page the edit bar's Publish opens the Publish
   * dialog: publishers publish now (what is pending is saved first), schedule, cancel a schedule
   * or unpublish; other editors see the state and are told to ask a publisher.
   */
  canPublish?: boolean;
  /**
   * Fields the signed-in account may read but not change, by collection (its scope's
   * `readOnlyFields`): their markers get no editor, as the server refuses their changes.
   */
  readOnlyFields?: Readonly<Record<string, readonly string[]>>;
  /** The page's versions (history panel: list, restore as a draft); default `/api/cms/<collection>/<versionedPageId>/versions`, the collection named by the page's markers. */
  versionsUrl?: string;
  /** Publish endpoint; default `/api/cms/<collection>/<versionedPageId>/publish` (unpublish likewise). */
  publishUrl?: string;
  /** More secondary edit-bar actions (the reference site adds "New page", "Pages" and "Page"). */
  barActions?: readonly BarAction[];
  /**
   * The contact form's review endpoint (e.g. `/api/cms/inquiries`): the edit bar offers an
   * Inquiries panel to read, mark and delete the messages visitors sent. Omitted, there is none.
   */
  inquiriesUrl?: string;
  /**
   * The signed-in account's second-factor endpoint (`/api/cms/session/totp` with the built-in
   * sign-in): the edit bar offers an Account panel to turn two-step sign-in on and off, and opens it
   * at once when the site requires it of the account and it is off. Omitted, there is none.
   */
  accountUrl?: string;
  /**
   * The activity endpoint (e.g. `/api/cms/activity`): with `canPublish`, the edit bar offers an
   * Activity panel of who did what on the site. Omitted, or for an editor, there is none.
   */
  activityUrl?: string;
  /**
   * The signed-in editor, as the room knows them (`id`: the site's editor id). On a live page it
   * offers the Editing / Suggesting switch: suggestions carry this author. Omitted, there is none.
   */
  editor?: { id: number | string; name: string };
  /**
   * The page's language on a site of several (issue 37): its locale, the site's locales, the
   * record it translates and the collection's shared fields. On a versioned page the edit bar gets
   * a Language action (each locale's status; open it, or Translate a missing one), and a
   * translation notes its shared fields (which the page makes read-only through `readOnlyFields`:
   * `translationReadOnly`) with a link to the source. Omitted, there is none.
   */
  languages?: PageLanguages;
  /** Start in Suggesting mode when the editor may not publish (a site's review-first setting). */
  suggestByDefault?: boolean;
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
