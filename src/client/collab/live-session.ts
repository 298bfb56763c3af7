import YProvider from "y-partyserver/provider";
import * as Y from "yjs";
import { HEARTBEAT_PING, parseRoomEvent, ROOM_CLOSE, ROOM_PROTOCOL_VERSION, ROOM_VERSION_PARAM } from "../../shared/room-protocol";
import { SOURCE_CHANGED_EVENT } from "../../shared/page-languages";
import type { Person } from "../edit-bar";
import type { LiveState } from "../status-text";
import { dropRefused } from "./drop-refused";
import { DurabilityTracker, type Durability } from "./durability";
import { openLocalCopy } from "./local-copy";
import { sendOwnPresenceOnly } from "./own-presence";

/* An acknowledgement takes one commit; this long without one, on an open socket, the socket is stuck. */
const ACK_OVERDUE_MS = 4000;
/* How often a connection says it is alive; the room drops the presence of one that stops (room-heartbeat). */
const HEARTBEAT_MS = 2000;
/*
 * A heartbeat unanswered this long, with nothing else arriving either, on a socket that looks
 * open: nothing this socket carries reaches this editor any more (a half-open network, or a
 * runtime that stopped sending on it while still reading it: workerd 1.20260426 does, for good,
 * when a ping's answer races its other frames), so the socket is let go and a fresh one resyncs.
 * Counted from the oldest unanswered ping, not the last frame, so a background tab whose timers
 * the browser slows to once a minute is not taken for a dead socket. An editor who types finds out
 * sooner, by a missing acknowledgement; this is for one who only reads. The room closes a
 * connection it has not heard from after as long (`heartbeatTimeoutMs`).
 */
const SILENT_SOCKET_MS = 30_000;
/*
 * A socket still connecting after this long is let go and a fresh one tried: an upgrade lost on
 * the way (a proxy, a runtime that never answered it) would otherwise hold the editor at
 * "reconnecting" for as long as it stays unanswered (Chromium still waits at 40 s). A room that
 * wakes from hibernation answers in well under a second; a phone on a weak network in a few.
 */
const CONNECT_TIMEOUT_MS = 10_000;
/* Refusals in a row (no acknowledgement between) after which the session stops reconnecting. */
const MAX_REFUSALS = 3;
/*
 * Closes by which the room refuses what a connection sent. The provider would reconnect 100 ms
 * later (an opened socket resets its back-off), so a client the room keeps refusing would
 * reconnect ten times a second; after these the wait doubles instead, up to `maxBackoffTime`.
 */
const REFUSING_CLOSES = new Set<number>([
  ROOM_CLOSE.TOO_BIG,
  ROOM_CLOSE.LOAD_FAILED,
  ROOM_CLOSE.MALFORMED,
  ROOM_CLOSE.DOCUMENT_FULL,
  ROOM_CLOSE.REFUSED,
  ROOM_CLOSE.READ_ONLY_FIELD,
  ROOM_CLOSE.RATE_LIMITED,
]);
/* The provider waits 2^n × 100 ms; a first refusal waits 2^(1 + this) × 100 ms (800 ms). */
const REFUSAL_BACKOFF_STEPS = 2;

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
  /** Where this editor's own edits are: acknowledged by the room, waiting, or overdue. */
  onDurability: (state: Durability) => void;
  /** The room refused one of this editor's changes, which was taken back out (`reason` says why). */
  onRefused: (reason: string, stopped: boolean) => void;
  /** The room refused a draft, with its reason. */
  onRejected: (message: string) => void;
  /** Someone published the page (`{ type: "published" }`). */
  onPublished?: () => void;
  /** A publish was scheduled (`at`, ISO) or the schedule cancelled (`null`). */
  onScheduled?: (at: string | null) => void;
  /** A scheduled publish due at `at` (ISO) did not go live; `reason` says why (the scheduler lost the right, a newer version went live). */
  onScheduleCancelled?: (at: string, reason: string) => void;
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
  /** Whether an edit's write to the device copy may not be committed yet (a reload now could lose it). */
  writingToDevice(): boolean;
  /** Whether a document update with this origin is this editor's own (not the room's, not the device copy's). */
  isOwnUpdate(origin: unknown): boolean;
  destroy(): void;
}

/**
 * Joins a page's room through the y-partyserver provider and resolves once the document has
 * synced, or `null` when the room cannot be reached within `timeoutMs` (the caller then falls
 * back to REST saves). After the first sync a dropped connection, or the browser's `offline`
 * event, reports `offline`; the provider reconnects by itself and Yjs resyncs everything typed
 * meanwhile, so nothing is lost. Every frame sent is counted against the room's `ack` events
 * (`onDurability`): edits are saved only once the room has stored them, and an acknowledgement
 * that does not come on an open socket reconnects it. A change the room refuses is taken back out
 * of the document (and the device copy) before the provider reconnects, so it is never resent.
 * With `localCopyName` the document is also kept on the device; when the room is out of reach but
 * the device holds a copy (edits made offline, then a reload), the session starts from that copy,
 * offline, instead of giving up. When the room closes with 4404 (the page was deleted) the session
 * reports `deleted` and stops reconnecting: the room would only refuse it again. When it closes
 * with 4426 (the site was deployed with a room this client no longer speaks with) the session
 * reports `outdated` and stops reconnecting; the document stays on the device, with everything not
 * yet acknowledged, so the page loaded again (with the new client) sends it to the room. When it
 * closes with 4409 (the account's role or scope changed) the session reports `access-changed` and
 * reconnects at once, to be admitted under the new access, or refused with 4403 (the page is
 * outside the account's scope: `out-of-scope`, nothing reconnects). Other refusals reconnect with
 * a growing wait, never in a tight loop.
 *
 * @example
 * const session = await connectLive({ host: location.host, protocol: "wss", path: "/parties/page-room/pages:1", timeoutMs: 5000, ...handlers });
 */
export async function connectLive(options: LiveSessionOptions): Promise<LiveSession | null> {
  const doc = new Y.Doc();
  const copy = options.localCopyName ? await openLocalCopy(doc, options.localCopyName) : null;
  let provider: YProvider | null = null;
  let synced = false;
  /* A reconnect this session forced (an overdue acknowledgement) is not the network going away. */
  let reconnecting = false;
  /* The room said the page was deleted, that this client is outdated, or that the page is outside the account's scope: nothing connects again. */
  let deleted = false;
  let outdated = false;
  let outOfScope = false;
  const stopped = () => deleted || outdated || outOfScope;
  /* The room closed with 4409 (this account's role or scope changed): the reconnect is expected, not "offline". */
  let accessChanged = false;
  /* Refusing closes in a row, without an acknowledgement between: how far the reconnects back off. */
  let refusedInARow = 0;
  const durability = new DurabilityTracker({
    overdueMs: ACK_OVERDUE_MS,
    isOpen: () => provider?.wsconnected === true,
    startDirty: copy?.hadContent === true,
    onChange: (state) => {
      options.onDurability(state);
      // A socket that looks open but acknowledges nothing is dead: a fresh one resends what waits.
      if (state === "overdue" && provider?.shouldConnect) {
        reconnecting = true;
        abandonSocket("no acknowledgement");
      }
    },
  });
  class CountingSocket extends WebSocket {
    #abandoned = false;
    readonly #closeListeners: ((event: CloseEvent) => void)[] = [];
    /** When the oldest heartbeat that nothing has arrived since went out, or `null`. */
    #unansweredSince: number | null = null;
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      durability.opened();
      const unanswered = setTimeout(() => {
        if (this.readyState === WebSocket.CONNECTING) this.abandon("no answer to connect");
      }, CONNECT_TIMEOUT_MS);
      super.addEventListener("close", () => clearTimeout(unanswered));
      // The first heartbeat at once: the room times out only connections that have beaten.
      super.addEventListener("open", () => {
        clearTimeout(unanswered);
        this.ping();
      });
      super.addEventListener("message", () => (this.#unansweredSince = null));
    }
    ping(): void {
      this.#unansweredSince ??= Date.now();
      super.send(HEARTBEAT_PING);
    }
    /** Whether a heartbeat has gone unanswered, with nothing else arriving, for `ms`. */
    silentFor(ms: number): boolean {
      return this.#unansweredSince !== null && Date.now() - this.#unansweredSince > ms;
    }
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      super.send(data);
      durability.sent(data);
    }
    override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void {
      if (!listener) return;
      const call = (event: Event) => {
        if (this.#abandoned) return;
        if (typeof listener === "function") listener.call(this, event);
        else listener.handleEvent(event);
      };
      if (type === "close") this.#closeListeners.push(call);
      super.addEventListener(type, call, options);
    }
    /**
     * Lets go of this socket at once: its listeners see it closed now, and nothing it does later
     * reaches them. A dead network never completes a close handshake, so waiting for one would
     * keep the provider on the dead socket.
     */
    abandon(reason: string): void {
      const listeners = this.#closeListeners.splice(0);
      for (const listener of listeners) listener(new CloseEvent("close", { code: 4000, reason }));
      this.#abandoned = true;
      try {
        super.close(4000, reason);
      } catch {
        // Already closing.
      }
    }
  }
  const abandonSocket = (reason: string) => {
    const socket = provider?.ws;
    if (socket instanceof CountingSocket) socket.abandon(reason);
  };
  provider = new YProvider(options.host, "", doc, {
    prefix: options.path,
    protocol: options.protocol,
    disableBc: true,
    maxBackoffTime: 4000,
    params: { [ROOM_VERSION_PARAM]: String(ROOM_PROTOCOL_VERSION) },
    WebSocketPolyfill: CountingSocket,
  });
  const live = provider;
  sendOwnPresenceOnly(live);
  const awareness = live.awareness;
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
  let refusals = 0;
  live.on("custom-message", (raw: string) => {
    const event = parseRoomEvent(raw);
    if (event?.type === "ack") {
      refusals = 0;
      refusedInARow = 0;
      durability.acked(event.updates);
    } else if (event?.type === "refused") {
      dropRefused(doc, Array.isArray(event.items) ? event.items : []);
      refusals += 1;
      // A client that keeps producing refused changes must not hammer the room: it stops and says so.
      const stop = refusals >= MAX_REFUSALS;
      if (stop) live.disconnect();
      options.onRefused(typeof event.reason === "string" ? event.reason : "the change does not fit the page", stop);
    } else if (event?.type === "saved") options.onSaved();
    else if (event?.type === "published") options.onPublished?.();
    else if (event?.type === "scheduled") options.onScheduled?.(typeof event.at === "string" ? event.at : null);
    else if (event?.type === "schedule-cancelled") options.onScheduleCancelled?.(typeof event.at === "string" ? event.at : "", typeof event.reason === "string" ? event.reason : "");
    else if (event?.type === "unpublished") options.onUnpublished?.();
    else if (event?.type === "edited" && Array.isArray(event.fields)) options.onEdited?.(event.fields.filter((f) => typeof f === "string"), typeof event.by === "string" ? event.by : "someone");
    else if (event?.type === "violations") options.onRejected(event.violations[0]?.message ?? "the room refused the draft");
    // For "Show source" in the languages chunk, which this session does not know of.
    else if (event?.type === "source-changed") dispatchEvent(new CustomEvent(SOURCE_CHANGED_EVENT));
  });

  const isOwnUpdate = (origin: unknown) => origin !== live && origin !== copy?.origin;
  doc.on("update", (_update: Uint8Array, origin: unknown) => {
    if (isOwnUpdate(origin)) durability.edited();
  });
  // The browser knows at once when the network is gone; the socket may take a minute to notice.
  const wentOffline = () => {
    if (synced && !stopped()) options.onState("offline");
    live.disconnect();
    abandonSocket("offline");
  };
  const cameOnline = () => {
    if (!stopped()) live.connect();
  };
  addEventListener("offline", wentOffline);
  addEventListener("online", cameOnline);
  const heartbeat = setInterval(() => {
    const socket = live.ws;
    if (!live.wsconnected || !(socket instanceof CountingSocket) || socket.readyState !== WebSocket.OPEN) return;
    if (socket.silentFor(SILENT_SOCKET_MS)) {
      reconnecting = true;
      return abandonSocket("nothing heard");
    }
    socket.ping();
  }, HEARTBEAT_MS);

  return new Promise((resolve) => {
    const session: LiveSession = {
      doc,
      provider: live,
      keptOnDevice: copy !== null,
      writingToDevice: () => copy?.writing() ?? false,
      isOwnUpdate,
      destroy: () => {
        removeEventListener("offline", wentOffline);
        removeEventListener("online", cameOnline);
        clearInterval(heartbeat);
        durability.destroy();
        copy?.destroy();
        live.destroy();
        doc.destroy();
      },
    };
    const timer = setTimeout(() => {
      if (synced) return;
      session.destroy();
      resolve(null);
    }, options.timeoutMs);
    live.on("sync", (isSynced: boolean) => {
      if (!isSynced) return;
      reconnecting = false;
      accessChanged = false;
      options.onState("live");
      if (synced) return;
      synced = true;
      clearTimeout(timer);
      resolve(session);
    });
    live.on("status", ({ status }: { status: string }) => {
      if (synced && status === "disconnected" && !reconnecting && !accessChanged && !stopped()) options.onState("offline");
    });
    live.on("connection-close", (event: CloseEvent | null) => {
      if (!event || !REFUSING_CLOSES.has(event.code)) return;
      refusedInARow += 1;
      // Read by the provider right after this event, to time its reconnect.
      live.wsUnsuccessfulReconnects = refusedInARow + REFUSAL_BACKOFF_STEPS;
    });
    live.on("connection-close", (event: CloseEvent | null) => {
      if (event?.code !== ROOM_CLOSE.OUTDATED) return;
      outdated = true;
      live.disconnect();
      options.onState("outdated");
      if (synced) return;
      clearTimeout(timer);
      if (copy?.hadContent) {
        // The device holds the page: it stays editable, kept on the device until a reload.
        synced = true;
        resolve(session);
        return;
      }
      session.destroy();
      resolve(null);
    });
    // Closes after which the room will not take this page from this editor: stop, say why, and give
    // up on a session that never synced.
    const endOn = (code: number, state: "deleted" | "out-of-scope", mark: () => void) =>
      live.on("connection-close", (event: CloseEvent | null) => {
        if (event?.code !== code) return;
        mark();
        live.disconnect();
        options.onState(state);
        if (synced) return;
        clearTimeout(timer);
        session.destroy();
        resolve(null);
      });
    endOn(ROOM_CLOSE.NOT_FOUND, "deleted", () => (deleted = true));
    live.on("connection-close", (event: CloseEvent | null) => {
      if (event?.code !== ROOM_CLOSE.ACCESS_CHANGED) return;
      // The provider reconnects by itself; the room admits (or refuses, 4403) under the new access.
      accessChanged = true;
      options.onState("access-changed");
    });
    endOn(ROOM_CLOSE.OUT_OF_SCOPE, "out-of-scope", () => (outOfScope = true));
    // A connection that never opened closes without a status change.
    live.on("connection-close", () => {
      if (stopped() || synced || !copy?.hadContent) return;
      // Out of reach, but this device has the page: edit from it; it merges when the room is back.
      synced = true;
      clearTimeout(timer);
      options.onState("offline");
      resolve(session);
    });
  });
}
