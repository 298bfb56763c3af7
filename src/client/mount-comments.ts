import type * as Y from "yjs";
import type { PresenceField } from "./collab";
import type { FetchLike } from "./call-json";
import type { BarAction, EditBar } from "./edit-bar";
import type { Mounted } from "./mount-options";

/** The accessible name of the edit bar's Comments action (its count is added to it). */
const LABEL = "Comments";

/** The edit bar's Comments action and the comments it opens, mounted once the page is live. */
export interface CommentsControl {
  /** The page's bound fields by address, for the live page to fill (`mountLivePage`): where comments find their words. */
  presence: Map<string, PresenceField>;
  /** Mounts comments on the live page (the comments chunk loads now); the action shows from then on. */
  attach(doc: Y.Doc): Promise<Mounted>;
}

/**
 * The bar's "Comments" action: `toggle` is read when it is clicked, so the action can go into the
 * bar before the comments exist.
 *
 * @example
 * actions: [commentsAction(() => control)]
 */
export function commentsAction(control: () => { toggle(): void } | null): BarAction {
  return { icon: "comment", text: "Comments", label: LABEL, onClick: () => control()?.toggle() };
}

/**
 * Comments for a versioned page: the bar's action stays hidden until the page is live (comments
 * live in the room's document; a page saving over HTTP has none), then shows the count of open
 * threads and opens the panel.
 *
 * @example
 * const comments = commentsControl(bar, fetch, "pages", 12, options.editor?.id);
 * mounted.push(...(await mountLivePage(found, session, collab, context, comments.presence)), await comments.attach(session.doc));
 */
export function commentsControl(bar: EditBar, doFetch: FetchLike, collection: string, id: number | string, me?: string | number): CommentsControl & { toggle(): void } {
  const button = bar.element.querySelector<HTMLButtonElement>(`button[data-cms-action="${LABEL}"]`);
  if (button) button.hidden = true;
  let mounted: { toggle(): void; destroy(): void } | null = null;
  const presence = new Map<string, PresenceField>();
  return {
    presence,
    toggle: () => mounted?.toggle(),
    async attach(doc) {
      const { commentsApi, mountComments } = await import("./comments");
      mounted = mountComments({ doc, presence, api: commentsApi(doFetch, collection, id), onCount: (open) => bar.setCount(LABEL, open, "open"), me });
      if (button) button.hidden = false;
      return mounted;
    },
  };
}
