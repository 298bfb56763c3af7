import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { parseRoomEvent } from "../../shared/room-protocol";
import type { Person } from "../edit-bar";
import type { LiveState } from "../status-text";
import { openLocalCopy } from "./local-copy";

export interface LiveSessionOptions {
  /** Host of the room server, e.g. `location.host`. */
  host: string;
  /** `wss` on https pages, `ws` otherwise. */
  protocol: "ws" | "wss";
  /** Path of the room, e.g. `/parties/page-room/pages:1`. */
  path: string;
  /** How long to wait for the first sync before giving up on live editing. */
  timeoutMs: number;
  onState: (state: LiveState) => void;
  onPeople: (people: Person[]) => void;
  /** The room wrote a draft (`{ type: "saved" }`). */
  onSaved: () => void;
  /** The room refused a draft, with its reason. */
  onRejected: (message: string) => void;
  /** Someone published the page (`{ type: "published" }`). */
  onPublished?: () => void;
  /** A publish was scheduled (`at`, ISO) or the schedule cancelled (`null`). */
  onScheduled?: (at: string | null) => void;
  /** Someone unpublished the page. */
  onUnpublished?: () => void;
  /** A write from outside the room (REST, inline save, service binding) changed `fields`; `by` is who. */
  onEdited?: (fields: string[], by: string) => void;
  /** Keep the document on this device under this IndexedDB name (edits made offline survive a reload). */
  localCopyName?: string;
}

/** A synced connection to a page's room. */
export interface LiveSession {
  doc: Y.Doc;
  provider: YProvider;
  /** The document is also kept on this device, so offline edits survive a reload. */
  keptOnDevice: boolean;
  /** Whether a document update with this origin is this editor's own (not the room's, not the device copy's). */
  isOwnUpdate(origin: unknown): boolean;
  destroy(): void;
}

/**
 * Joins a page's room through the y-partyserver provider and resolves once the document has
 * synced, or `null` when the room cannot be reached within `timeoutMs` (the caller then falls
 * back to REST saves). After the first sync a dropped connection reports `offline`; the provider
 * reconnects by itself and Yjs resyncs everything typed meanwhile, so nothing is lost. With
 * `localCopyName` the document is also kept on the device; when the room is out of reach but the
 * device holds a copy (edits made offline, then a reload), the session starts from that copy,
 * offline, instead of giving up.
 *
 * @example
 * const session = await connectLive({ host: location.host, protocol: "wss", path: "/parties/page-room/pages:1", timeoutMs: 5000, ...handlers });
 */
export async function connectLive(options: LiveSessionOptions): Promise<LiveSession | null> {
  const doc = new Y.Doc();
  const copy = options.localCopyName ? await openLocalCopy(doc, options.localCopyName) : null;
  const provider = new YProvider(options.host, "", doc, {
    prefix: options.path,
    protocol: options.protocol,
    disableBc: true,
    maxBackoffTime: 4000,
  });
  const awareness = provider.awareness;
  // The room replaces `user` with the identity it holds for the connection; this only marks us present.
  awareness.setLocalStateField("user", { name: "", color: "" });
  const people = () => {
    const list: Person[] = [];
    for (const [clientID, state] of awareness.getStates()) {
      const user = (state as { user?: { name?: unknown; color?: unknown } }).user;
      if (clientID === doc.clientID || !user || typeof user.name !== "string" || !user.name) continue;
      const where = (state as { field?: { address?: unknown } | null }).field?.address;
      list.push({
        name: user.name,
        color: typeof user.color === "string" && user.color ? user.color : "#64748b",
        ...(typeof where === "string" ? { field: where.split(":").slice(2).join(":") } : {}),
      });
    }
    return list;
  };
  awareness.on("change", () => options.onPeople(people()));
  provider.on("custom-message", (raw: string) => {
    const event = parseRoomEvent(raw);
    if (event?.type === "saved") options.onSaved();
    else if (event?.type === "published") options.onPublished?.();
    else if (event?.type === "scheduled") options.onScheduled?.(typeof event.at === "string" ? event.at : null);
    else if (event?.type === "unpublished") options.onUnpublished?.();
    else if (event?.type === "edited" && Array.isArray(event.fields)) options.onEdited?.(event.fields.filter((f) => typeof f === "string"), typeof event.by === "string" ? event.by : "someone");
    else if (event?.type === "violations") options.onRejected(event.violations[0]?.message ?? "the room refused the draft");
  });

  return new Promise((resolve) => {
    let synced = false;
    const session: LiveSession = {
      doc,
      provider,
      keptOnDevice: copy !== null,
      isOwnUpdate: (origin) => origin !== provider && origin !== copy?.origin,
      destroy: () => {
        copy?.destroy();
        provider.destroy();
        doc.destroy();
      },
    };
    const timer = setTimeout(() => {
      if (synced) return;
      session.destroy();
      resolve(null);
    }, options.timeoutMs);
    provider.on("sync", (isSynced: boolean) => {
      if (!isSynced) return;
      options.onState("live");
      if (synced) return;
      synced = true;
      clearTimeout(timer);
      resolve(session);
    });
    provider.on("status", ({ status }: { status: string }) => {
      if (synced && status === "disconnected") options.onState("offline");
    });
    // A connection that never opened closes without a status change.
    provider.on("connection-close", () => {
      if (synced || !copy?.hadContent) return;
      // Out of reach, but this device has the page: edit from it; it merges when the room is back.
      synced = true;
      clearTimeout(timer);
      options.onState("offline");
      resolve(session);
    });
  });
}
