import { createEditBar } from "./edit-bar";
import { createOwnWrites, editedNote } from "./edited-note";
import { formatTime } from "./format-time";
import { scheduleCancelledNote } from "./schedule-note";
import { isLookedAt } from "./looked-at";
import { readMarker, uniqueMarkers } from "./markers";
import { resolveEndpoints, roomPath } from "./mount-config";
import { commentsAction, commentsControl } from "./mount-comments";
import type { LouiseHandle, MarkedElement, MountLouiseOptions, Mounted } from "./mount-options";
import type { PageLanguages } from "../shared/page-languages";
import { mountRestFields, type RestContext } from "./mount-rest";
import { unsavedOnLeave } from "./leave-check";
import { watchPageExits } from "./page-exits";
import { createSaveQueue, type SaveState } from "./save-queue";
import { createSaveTransport } from "./save-transport";
import { statusText, type LiveState } from "./status-text";
import { injectStyles } from "./styles";
import { createPageHistory } from "./undo/page-history";
import { requireSecondFactor } from "./second-factor";
import { pageReview } from "./suggest/review-controls";
import { showUnreadInquiries } from "./unread-count";

/** The DOM event dispatched on `window` after Done has saved and removed the editors. */
export const DONE_EVENT = "cms:done";

/**
 * Finds every `data-cms-field` marker and makes it editable in place: plain text as a single-line
 * `contenteditable="plaintext-only"` region, `data-cms-type="richtext"` as a ProseMirror editor,
 * `data-cms-type="image"` with image controls, and a typed value (`number`, `boolean`, `date`,
 * `datetime`, `select`, `url`, `slug`) with the form control its `data-cms-def` declaration fits. Adds the edit bar and auto-saves changed fields.
 * With `versionedPageId` the fields join the page's room for live editing, and fall back to REST
 * draft saves when the room cannot be reached. Does nothing (and returns `null`) without markers.
 *
 * @example
 * import { mountLouise } from "cms-toolkit/client";
 * mountLouise({ versionedPageId: 12, autoSave: { debounceMs: 800 } });
 */
export function mountLouise(options: MountLouiseOptions = {}): LouiseHandle | null {
  const root = options.root ?? document;
  // Fields the account may only read get no editor: the server would refuse their changes.
  const found = uniqueMarkers(markedIn(root)).filter(({ marker }) => !options.readOnlyFields?.[marker.collection]?.includes(marker.root));
  if (found.length === 0) return null;

  const doc = found[0]!.element.ownerDocument;
  const win = doc.defaultView ?? window;
  const config = resolveEndpoints(options);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => win.fetch(input, init));
  const versioned = options.versionedPageId !== undefined;
  const manual = config.debounceMs === false;
  let mode: "connecting" | "live" | "rest" = "connecting";
  let live: LiveState = "none";
  /* Read through a call: the connection's callbacks change `live` while `start` awaits. */
  const liveNow = (): LiveState => live;
  /* This editor's live edits: some not acknowledged by the room yet, all acknowledged, or overdue. */
  let liveSaving = false;
  let liveSaved = false;
  let liveOverdue = false;
  let keptOnDevice: boolean | undefined;
  let writingToDevice = () => false;
  let rejected: string | null = null;
  /* A notice (a publishing outcome, a change made from outside), shown until the next edit. */
  let notice: string | null = null;

  const render = () => {
    const snapshot = queue.snapshot();
    let state: SaveState = snapshot.state;
    if (state !== "saving" && state !== "failed") {
      if (liveSaving) state = "saving";
      else if (liveSaved && state !== "dirty") state = "saved";
    }
    const connection: LiveState = liveOverdue && live === "live" ? "stalled" : live;
    // An outdated editor can do nothing more here: what to do about it outranks any other notice.
    const outdated = live === "outdated";
    bar.setStatus(outdated ? statusText(state, { versioned, live, keptOnDevice }) : (rejected ?? notice ?? statusText(state, { versioned, live: connection, manual, keptOnDevice })));
    bar.setReload(outdated ? () => win.location.reload() : null);
  };
  const transport = createSaveTransport({ url: config.saveUrl, fetch: doFetch });
  const queue = createSaveQueue({
    send: transport,
    debounceMs: config.debounceMs,
    onChange: () => ((notice = null), render()),
  });
  // The page's own markers name its collection (as they name its room), so a site's `posts` get `/api/cms/posts/…`.
  const pageCollection = found.map(({ marker }) => marker).find((marker) => marker.key === String(options.versionedPageId))?.collection ?? "pages";
  const pageUrl = (action: string) => `/api/cms/${encodeURIComponent(pageCollection)}/${encodeURIComponent(String(options.versionedPageId))}${action ? `/${action}` : ""}`;
  const openPublish = async () => {
    const { openPublishDialog } = await import("./publishing");
    await openPublishDialog(doc, {
      urls: { publish: options.publishUrl ?? pageUrl("publish"), unpublish: pageUrl("unpublish"), versions: options.versionsUrl ?? pageUrl("versions"), page: pageUrl("") },
      canPublish: options.canPublish === true,
      fetch: doFetch,
      beforePublish: () => queue.flush(),
      onResult: (text) => ((notice = text), render()),
    });
  };
  const ownWrites = createOwnWrites();
  const openHistory = async () => {
    await queue.flush();
    const { openHistoryPanel } = await import("./history");
    await openHistoryPanel(doc, {
      versionsUrl: options.versionsUrl ?? pageUrl("versions"),
      richFields: new Set(found.filter(({ marker }) => marker.kind === "richtext" && marker.below.length === 0).map(({ marker }) => marker.root)),
      fetch: doFetch,
      onRestoring: (fields) => ownWrites.started(fields),
      // Live fields receive the restored draft through the room; fields saving over HTTP need the page again.
      onRestored: () => {
        if (mode === "rest") win.location.reload();
      },
    });
  };
  /* Preview shows what the server has: saved over HTTP, acknowledged by the room (which writes D1 first). */
  const settled = async () => {
    await queue.flush();
    for (let waited = 0; liveSaving && waited < 5000; waited += 50) await new Promise((resolve) => win.setTimeout(resolve, 50));
  };
  const openPreview = async () => {
    await settled();
    const { openPreview: show } = await import("./preview");
    const opener = doc.activeElement as HTMLElement | null;
    await show(doc, { fetch: doFetch, onClose: () => opener?.focus() }).catch(() => {
      notice = "Preview needs a connection to the site: try again once online";
      render();
    });
  };
  const openShare = async () => {
    const { openSharePanel } = await import("./share");
    await openSharePanel(doc, { target: { collection: pageCollection, id: Number(options.versionedPageId) }, fetch: doFetch });
  };
  /* Done leaves edit mode completely: the editors go, and the page shows what visitors see, with an Edit control to come back. */
  const leave = async () => {
    await handle.done();
    const { showVisitorPage } = await import("./preview");
    await showVisitorPage(doc, {
      fetch: doFetch,
      onEdit: () => {
        const again = mountLouise(options);
        if (again) Object.assign(handle, again);
      },
    });
  };
  const inquiriesUrl = options.inquiriesUrl;
  const openInquiries = async (url: string) => {
    const { openInquiriesPanel } = await import("./inquiries");
    const panel = await openInquiriesPanel(doc, { url, fetch: doFetch });
    panel.addEventListener("close", () => refreshUnread?.());
  };
  const accountUrl = options.accountUrl;
  const openAccount = async (url: string, onEnabled?: () => void) => {
    const { openAccountPanel } = await import("./account");
    await openAccountPanel(doc, { url, fetch: doFetch, ...(onEnabled ? { onEnabled } : {}) });
  };
  const activityUrl = options.canPublish === true ? options.activityUrl : undefined;
  const openActivity = async (url: string) => {
    const { openActivityPanel } = await import("./activity");
    await openActivityPanel(doc, { url, fetch: doFetch });
  };
  // The Language action (issue 37): its chunk loads when it is pressed, or at once on a translation.
  const lang = versioned ? options.languages : undefined;
  const langText = lang?.locale.toUpperCase() ?? "";
  const langLabel = `${langText}: language and translations`;
  const langs = (languages: PageLanguages) =>
    import("./languages").then((chunk) =>
      chunk.languagesOn({ root, bar, label: langLabel, languages, collection: pageCollection, pageId: String(options.versionedPageId), fetch: doFetch, flush: queue.flush, notify: (text) => ((notice = text), render()) }),
    );
  const review = versioned ? pageReview({ ...options, canPublish: options.canPublish === true, url: pageUrl("suggestions"), fetch: doFetch }) : null;
  // Styled before the bar is made: it measures itself at once to decide whether to fold, and an
  // unstyled bar (a full-width block) always measures as crowded, so it painted folded for a frame.
  const removeStyles = injectStyles(doc);
  const bar = createEditBar(doc, {
    manualSave: manual,
    onSave: () => void queue.flush(),
    ...(versioned ? { onPublish: () => void openPublish() } : {}),
    ...(versioned ? { onHistory: () => void openHistory() } : {}),
    onDone: () => void leave(),
    actions: [
      ...(versioned ? [{ icon: "preview", text: "Preview", label: "Preview as visitors will see it", onClick: () => void openPreview() } as const] : []),
      ...(versioned && options.canPublish === true ? [{ icon: "share", text: "Share", label: "Share a link to this draft", onClick: () => void openShare() } as const] : []),
      ...(inquiriesUrl ? [{ icon: "inbox", text: "Inquiries", label: "Inquiries", onClick: () => void openInquiries(inquiriesUrl) } as const] : []),
      ...(accountUrl ? [{ icon: "account", text: "Account", label: "Account and two-step sign-in", onClick: () => void openAccount(accountUrl) } as const] : []),
      ...(activityUrl ? [{ icon: "history", text: "Activity", label: "Site activity", onClick: () => void openActivity(activityUrl) } as const] : []),
      ...(lang ? [{ icon: "language", text: langText, label: langLabel, onClick: () => void langs(lang).then((on) => on.open()) } as const] : []),
      ...(versioned ? [commentsAction(() => comments)] : []),
      ...(review ? [review.action] : []),
      ...(options.barActions ?? []),
    ],
    onUndo: () => void history.run("undo"),
    onRedo: () => void history.run("redo"),
  });
  // A site that requires a second factor of this account refuses everything else until it is on:
  // the panel opens at once, and the page reloads once it is on so editing connects.
  if (accountUrl) void requireSecondFactor(accountUrl, doFetch, () => void openAccount(accountUrl, () => win.location.reload()));
  const comments = commentsControl(bar, doFetch, pageCollection, String(options.versionedPageId), options.editor?.id);
  const refreshUnread = inquiriesUrl ? showUnreadInquiries(bar, inquiriesUrl, (input, init) => doFetch(input, init)) : null;
  const history = createPageHistory(doc, (state) => bar.setHistory(state));
  const stopExits = watchPageExits(win, {
    flush: () => {
      if (!manual) void queue.flush();
    },
    // Only what would really be lost: a keepalive save lands after the page is gone, and a live
    // edit is safe once the room acknowledged it, or once its write to this device is committed.
    shouldWarn: () =>
      unsavedOnLeave({
        snapshot: queue.snapshot(),
        manual,
        unkeptInFlight: transport.unkeptInFlight(),
        liveUnkept: liveSaving && (keptOnDevice !== true || writingToDevice()),
      }),
  });
  const mounted: Mounted[] = [];
  const context: RestContext = {
    queue,
    flushOnBlur: !manual,
    images: { uploadUrl: config.uploadUrl, mediaUrl: config.mediaUrl, fetch: doFetch },
    history,
    loadRich: () => import("./rich"),
    ...(review ? { review: review.review } : {}),
  };

  const start = async () => {
    const path = roomPath(config.roomUrl, options.versionedPageId, found.map((item) => item.marker));
    if (path) {
      live = "connecting";
      render();
      const collab = await import("./collab");
      const session = await collab.connectLive({
        host: win.location.host,
        protocol: win.location.protocol === "https:" ? "wss" : "ws",
        path,
        timeoutMs: config.roomTimeoutMs,
        localCopyName: `cms-page:${path}`,
        onState: (state) => ((live = state), render()),
        onPeople: (people) => bar.setPeople(people),
        onSaved: () => ((rejected = null), render()),
        onDurability: (state) => {
          liveSaving = state !== "saved";
          liveOverdue = state === "overdue";
          if (state === "saved") liveSaved = true;
          render();
        },
        onRefused: (reason, stopped) => {
          if (stopped) rejected = `Not saved: the page refused a change (${reason}). Reload to go on editing.`;
          else notice = `A change was not accepted and was removed: ${reason}`;
          render();
        },
        onRejected: (message) => ((rejected = `Draft not saved: ${message}`), render()),
        onPublished: () => ((notice = "Published"), render()),
        onScheduled: (at) => ((notice = at ? `Scheduled to go live ${formatTime(doc, at)}` : "Schedule cancelled"), render()),
        onScheduleCancelled: (at, reason) => ((notice = scheduleCancelledNote(formatTime(doc, at), reason)), render()),
        onUnpublished: () => ((notice = "Unpublished"), render()),
        onEdited: (fields, by) => {
          if (ownWrites.isOwn(fields)) return;
          // The page's fields as they are now: the sections editor redraws its sections' fields.
          const note = editedNote(markedIn(root), fields, by, (element) => isLookedAt(element, win));
          if (note) ((notice = note), render());
        },
      });
      // The live page's binding comes with the live chunks: a page saving over HTTP never loads it.
      const binding = session ? await import("./mount-sections") : null;
      if (session && binding && !binding.isUnseeded(session, found, collab)) {
        keptOnDevice = session.keptOnDevice;
        writingToDevice = session.writingToDevice;
        mounted.push(
          session,
          ...(await binding.mountLivePage(found, session, collab, context, comments.presence)),
          await comments.attach(session.doc),
          ...(review ? [review.attach(bar, session.doc)] : []),
        );
        // Live once every field is bound: the sections editor redraws the sections as it mounts.
        mode = "live";
        session.doc.on("update", (_update: Uint8Array, origin: unknown) => {
          // A notice (published, edited elsewhere) stands until this editor's next edit.
          if (session.isOwnUpdate(origin) && notice !== null) ((notice = null), render());
        });
        render();
        return;
      }
      session?.destroy();
      // A deleted page keeps saying so; the fields fall back to HTTP saves, which the server refuses.
      // An outdated editor keeps asking for a reload; its HTTP saves meanwhile still land.
      if (liveNow() !== "deleted" && liveNow() !== "outdated" && liveNow() !== "out-of-scope") live = "none";
    }
    mode = "rest";
    mounted.push(...(await mountRestFields(found, context)));
    render();
  };

  const ready = start();
  // A translation's notes and outdated mark come once the page can be edited (they may load a chunk).
  if (lang?.sourceId != null) void ready.then(() => langs(lang)).then((on) => on.start()).then((shown) => mounted.push(shown));
  render();
  const handle: LouiseHandle = {
    ready,
    mode: () => mode,
    flush: () => queue.flush(),
    async done() {
      await ready;
      await queue.flush();
      for (const item of mounted.splice(0).reverse()) item.destroy();
      queue.dispose();
      history.destroy();
      stopExits();
      bar.destroy();
      removeStyles();
      doc.body.classList.remove("cms-edit-mode");
      win.dispatchEvent(new CustomEvent(DONE_EVENT));
      options.onDone?.();
    },
  };
  return handle;
}

/* The elements under `root` with a readable field marker, as the page holds them now. */
function markedIn(root: ParentNode): MarkedElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-cms-field]")].flatMap((element) => {
    const marker = readMarker(element);
    return marker ? [{ element, marker } satisfies MarkedElement] : [];
  });
}
