import { IndexeddbPersistence } from "y-indexeddb";
import type * as Y from "yjs";

/** The page's document as kept on this device (IndexedDB). */
export interface LocalCopy {
  /** The device already held a copy of this page (for example edits made offline before a reload). */
  hadContent: boolean;
  /** Transaction origin of the updates read back from the device: neither this editor's nor the room's. */
  origin: unknown;
  /** Whether an update of the document may not be committed to the device yet (its write is in flight). */
  writing(): boolean;
  destroy(): void;
}

/**
 * Keeps a page's live document in IndexedDB under `name`, so what an editor typed while the room
 * was out of reach survives a reload of the page on this device and merges when the room is back
 * (Yjs merges by content, so a copy that the room already has changes nothing). Resolves once the
 * stored copy is loaded into `doc`, or `null` when the browser gives no IndexedDB within `waitMs`
 * (private modes may refuse it): editing then goes on without the device copy.
 *
 * @example
 * const copy = await openLocalCopy(doc, "cms:/parties/page-room/pages:1");
 * if (copy?.hadContent) showPageFromDevice();
 */
export async function openLocalCopy(doc: Y.Doc, name: string, waitMs = 2000): Promise<LocalCopy | null> {
  if (typeof indexedDB === "undefined") return null;
  let persistence: IndexeddbPersistence;
  try {
    persistence = new IndexeddbPersistence(name, doc);
  } catch {
    return null;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loaded = await Promise.race([
    persistence.whenSynced.then(() => true),
    persistence._db.then(
      () => new Promise<boolean>(() => undefined),
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  if (!loaded) {
    void persistence.destroy().catch(() => undefined);
    return null;
  }
  const confirm = confirmWrites(doc, persistence);
  return {
    hadContent: doc.store.clients.size > 0,
    origin: persistence,
    writing: confirm.writing,
    destroy: () => {
      confirm.stop();
      void persistence.destroy().catch(() => undefined);
    },
  };
}

/**
 * Tells when y-indexeddb's writes are committed. It stores each update in a read-write transaction
 * of its own, opened in its update handler (registered before this one), and exposes no completion.
 * A read-only transaction over the same store opened after it cannot start before it has finished,
 * so that probe's `complete` confirms every write issued before the probe; one probe is in flight
 * at a time, and updates that arrive meanwhile get the next one.
 */
function confirmWrites(doc: Y.Doc, persistence: IndexeddbPersistence): { writing: () => boolean; stop: () => void } {
  let probing = false;
  let unconfirmed = false;
  const probe = () => {
    const db = persistence.db;
    if (!db) return;
    unconfirmed = false;
    probing = true;
    let transaction: IDBTransaction;
    try {
      transaction = db.transaction("updates", "readonly");
    } catch {
      probing = false;
      return;
    }
    const done = () => {
      probing = false;
      if (unconfirmed) probe();
    };
    transaction.oncomplete = done;
    transaction.onabort = done;
    transaction.objectStore("updates").count();
  };
  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (origin === persistence) return;
    unconfirmed = true;
    if (!probing) probe();
  };
  doc.on("update", onUpdate);
  return { writing: () => probing || unconfirmed, stop: () => doc.off("update", onUpdate) };
}
