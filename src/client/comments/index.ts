/*
 * Comments on the page (loaded with the live editor): threads read from the room's document,
 * highlighted on their words, listed in a margin or a phone sheet, written through REST.
 */
import type * as Y from "yjs";
import type { PresenceField } from "../collab/field-presence";
import { anchorFor, type CommentTarget } from "./anchors";
import { selectedSpan, textRange, topOf } from "./dom-anchors";
import { commentsApi, type CommentsApi } from "./comments-api";
import { commentsPanel } from "./comments-panel";
import { addCommentStyles } from "./comments-styles";
import { commentTrigger } from "./comment-trigger";
import { COMMENT_ENTRY_EVENT } from "./events";
import { myEditorId } from "./me";
import { entryAt, modelField } from "./field-path";
import { clearPlainHighlights, showPlainHighlights } from "./plain-highlight";
import { showRichMarks, type RichMark } from "./rich-highlight";
import { listed, openCount, placeThreads } from "./thread-views";
import { observeThreads, readThreads } from "./threads";

export { commentsApi };
export type { CommentsApi };

export interface CommentsOptions {
  /** The page's live document (the room's). */
  doc: Y.Doc;
  /** The page's bound fields by address, as presence keeps them (plain texts with their `Y.Text`, rich fields with their view). */
  presence: ReadonlyMap<string, PresenceField>;
  api: CommentsApi;
  /** Called with the number of open threads whenever it may have changed. */
  onCount(open: number): void;
  /** The signed-in editor's id (`mountLouise`'s `editor.id`), to offer Edit and Delete on their own comments. */
  me?: string | number | null;
}

export interface Comments {
  /** Opens the panel, or closes it when open (the edit bar's Comments button). */
  toggle(): void;
  destroy(): void;
}

/**
 * Mounts comments on a live page: a Comment button beside selected words (and Ctrl/Cmd+Alt+M), a
 * "Comment on section" control on each section, the threads' words highlighted (plain fields
 * through the CSS Custom Highlight API, rich fields through decorations: nothing enters the
 * text), and the panel. Everything is drawn from `cms:comments` in the room's document and redrawn
 * on any change to it, so it is live between editors with no polling; every change goes through
 * the REST API, which the room applies.
 *
 * @example
 * const comments = mountComments({ doc: session.doc, presence, api: commentsApi(fetch, "pages", 12), onCount: (n) => bar.setCount("Comments", n, "open") });
 */
export function mountComments(options: CommentsOptions): Comments {
  const { doc: ydoc, presence, api } = options;
  const doc = [...presence.values()][0]?.element.ownerDocument ?? document;
  const win = doc.defaultView ?? window;
  addCommentStyles(doc);
  let active: string | null = null;
  let me: string | null = null;
  let shownCount = -1;
  let frame = 0;

  const targets = () => {
    const found = new Map<string, CommentTarget<HTMLElement>>();
    for (const [address, field] of presence) {
      if (!field.element.isConnected) continue;
      if (field.text) {
        const name = modelField(field.text);
        if (name) found.set(name, { kind: "text", field: name, element: field.element, text: field.text });
      } else if (field.view) {
        const name = address.split(":").slice(2).join(":");
        found.set(name, { kind: "rich", field: name, element: field.element, view: field.view });
      }
    }
    for (const element of doc.querySelectorAll<HTMLElement>("[data-cms-entry]")) {
      const entry = element.dataset.cmsEntry ? entryAt(ydoc, element.dataset.cmsEntry) : null;
      const name = entry ? modelField(entry) : null;
      if (name) found.set(name, { kind: "entry", field: name, element });
    }
    return found;
  };
  /* The field the selection is in, and the words selected there. */
  const selected = () => {
    const node = doc.getSelection()?.focusNode ?? null;
    for (const target of targets().values()) {
      if (target.kind === "entry" || !node || !target.element.contains(node)) continue;
      const span = selectedSpan(target);
      return span ? { target, span } : null;
    }
    return null;
  };

  const draw = () => {
    frame = 0;
    const threads = readThreads(ydoc);
    const all = targets();
    const placed = placeThreads(threads, all);
    const open = openCount(threads);
    if (open !== shownCount) options.onCount((shownCount = open));
    // Resolved threads' words are marked only while the panel lists them.
    const listsResolved = panel.isOpen() && panel.showResolved();
    const shown = placed.filter((p) => p.span && (p.thread.resolved === null || listsResolved));
    const ranges: Range[] = [];
    const activeRanges: Range[] = [];
    const marks = new Map<CommentTarget<HTMLElement>, RichMark[]>();
    for (const p of shown) {
      if (p.target?.kind === "text" && p.span) {
        const range = textRange(p.target.element, p.span);
        if (range) (p.thread.id === active ? activeRanges : ranges).push(range);
      } else if (p.target?.kind === "rich" && p.span) {
        marks.set(p.target, [...(marks.get(p.target) ?? []), { id: p.thread.id, ...p.span, active: p.thread.id === active }]);
      }
    }
    showPlainHighlights(ranges, activeRanges);
    for (const target of all.values()) if (target.kind === "rich") showRichMarks(target.view, marks.get(target) ?? []);
    if (!panel.isOpen()) return;
    const items = listed(placed, panel.showResolved(), (p) => (p.target ? topOf(p.target, p.span) : null));
    panel.render(
      items.map((p) => ({ view: { thread: p.thread, words: p.words, me }, top: p.target ? topOf(p.target, p.span) : null })),
      active,
    );
  };
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(draw);
  };

  const panel = commentsPanel(doc, api, {
    onActivate: (id) => {
      if (active !== id) ((active = id), schedule());
    },
    onChange: schedule,
  });
  const send = (field: string, anchor: ReturnType<typeof anchorFor> | undefined) => async (text: string, mentions: number[]) => {
    const answer = await api.add({ field, ...(anchor ? { anchor } : {}), text, mentions });
    if (!answer.ok) return answer.error;
    const id = (answer.value as { id?: unknown } | null)?.id;
    if (typeof id === "string") active = id;
    schedule();
    return null;
  };
  const start = () => {
    const found = selected();
    const anchor = found ? anchorFor(found.target, found.span) : null;
    if (!found || !anchor) return;
    trigger.show(null);
    panel.compose({ quote: found.span.quote, top: topOf(found.target, found.span), send: send(found.target.field, anchor) });
  };
  const trigger = commentTrigger(doc, start);
  let selectionFrame = 0;
  // Read a frame later: a rich field's editor takes the new selection into its state on the same event.
  const onSelection = () => {
    if (!selectionFrame) selectionFrame = win.requestAnimationFrame(readSelection);
  };
  const readSelection = () => {
    selectionFrame = 0;
    const found = selected();
    const selection = doc.getSelection();
    trigger.show(found && selection && selection.rangeCount > 0 ? selection.getRangeAt(0).getBoundingClientRect() : null);
    // A caret inside a thread's words makes that thread the active one.
    const node = selection?.focusNode;
    if (!node || !selection.isCollapsed) return;
    const placed = placeThreads(readThreads(ydoc), targets());
    const here = placed.find((p) => p.span && p.target?.element.contains(node) && p.thread.resolved === null && caretIn(p.target, p.span));
    if (here && here.thread.id !== active) ((active = here.thread.id), schedule());
  };
  const onEntry = (event: Event) => {
    const element = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-cms-entry]") : null;
    const entry = element?.dataset.cmsEntry ? entryAt(ydoc, element.dataset.cmsEntry) : null;
    const field = entry ? modelField(entry) : null;
    if (!element || !field) return;
    panel.compose({ quote: undefined, top: element.getBoundingClientRect().top + win.scrollY, send: send(field, undefined) });
  };

  const stopThreads = observeThreads(ydoc, schedule);
  ydoc.on("update", schedule);
  doc.addEventListener("selectionchange", onSelection);
  doc.addEventListener(COMMENT_ENTRY_EVENT, onEntry);
  win.addEventListener("resize", schedule);
  void myEditorId(options.me, api).then((id) => {
    me = id;
    schedule();
  });
  schedule();

  return {
    toggle: () => (panel.isOpen() ? panel.close() : panel.open()),
    destroy() {
      stopThreads();
      ydoc.off("update", schedule);
      doc.removeEventListener("selectionchange", onSelection);
      doc.removeEventListener(COMMENT_ENTRY_EVENT, onEntry);
      win.removeEventListener("resize", schedule);
      if (frame) win.cancelAnimationFrame(frame);
      if (selectionFrame) win.cancelAnimationFrame(selectionFrame);
      clearPlainHighlights();
      for (const target of targets().values()) if (target.kind === "rich") showRichMarks(target.view, []);
      trigger.destroy();
      panel.destroy();
    },
  };
}

/* Whether the caret is inside a thread's words in its field. */
function caretIn(target: CommentTarget<HTMLElement>, span: { from: number; to: number }): boolean {
  if (target.kind === "rich") {
    const at = target.view.state.selection.head;
    return at > span.from && at < span.to;
  }
  if (target.kind !== "text") return false;
  const selection = target.element.ownerDocument.getSelection();
  if (!selection?.focusNode) return false;
  const range = target.element.ownerDocument.createRange();
  range.selectNodeContents(target.element);
  range.setEnd(selection.focusNode, selection.focusOffset);
  const at = range.toString().length;
  return at > span.from && at < span.to;
}
