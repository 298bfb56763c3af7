import type { Connection, ConnectionContext, WSMessage } from "partyserver";
import { YServer } from "y-partyserver";
import { removeAwarenessStates } from "y-protocols/awareness";
import { applyUpdate, encodeStateAsUpdate, getState, type Transaction } from "yjs";
import type { DraftDeps, FieldEdit, PublishResult, WrittenDraft } from "../cores/drafts";
import { HttpError } from "../shared/errors";
import { causeOf, logSinkOf } from "../shared/request-log";
import { decodeEditorHeader, editorColor, isEditorSession, ROOM_EDITOR_HEADER, type RoomConnectionState } from "../shared/room-identity";
import { roomResult, type RoomResult } from "../shared/room-result";
import type { EditorSession } from "../shared/session";
import { DEFAULT_ROOM_LIMITS, type PageRoomOptions, type RoomEnv, type RoomLimits } from "./room-config";
import { asLoadError, closeReason, outsideEdit, RestEdit, RoomLoadError, stateOf } from "./room-connection";
import { mergeFields, readFields, type RoomField } from "./room-document";
import { RoomDrafts } from "./room-drafts";
import { COMMENTS_ORIGIN, RoomComments, type CommentAction, type CommentAnswer } from "./room-comments";
import { SuggestionSweep, SWEEP_ORIGIN } from "./room-suggestion-sweep";
import { forgetRecordComments } from "./room-comments-store";
import { checkHeartbeats, HEARTBEAT_CHECK, LastHeard } from "./room-heartbeat";
import { closeSilentConnections, IDLE_CHECK } from "./room-idle";
import { loadRoom } from "./room-load";
import { ClientOwners } from "./room-owners";
import { admitPresence, isStaleEcho } from "./room-presence";
import { PresenceBatch } from "./room-presence-batch";
import {
  cancelPublish,
  fireScheduledPublish,
  publishNow,
  readSchedule,
  readScheduleFailure,
  schedulePublish,
  takeScheduleNotice,
  unpublishNow,
  PUBLISH,
  type RoomPublishContext,
  type ScheduledPublish,
  type ScheduleFailure,
} from "./room-publish";
import { RoomAdmission, sessionsCheckOf } from "./room-admission";
import { reconcileSchedule, scheduleWithdrawn } from "./room-schedule-copy";
import { admissionRefusal, assertRoomAccess, refusalOf, scopeRefusal, SESSION_CHECK, type RecordPlace } from "./room-access";
import { declaredFields, deleteScheduleRow, readVersionSnapshot } from "../cores/drafts";
import { fieldEditOf } from "../cores/access";
import { isScoped } from "../shared/access-scope";
import { RoomCommits } from "./room-commits";
import { settleInRoom } from "./room-suggestion-settle";
import { openSuggestionCount, openSuggestions } from "./room-suggestions";
import type { SettledSuggestions, SettleTarget, SuggestionDecision, SuggestionView } from "../shared/review-suggestions";
import { changedRoots, pendingRefusal, refusedSuggestionUpdate, refusedUpdate, roomOnlyRefusal } from "./room-guard";
import { KnownSockets, sendToOthers } from "./room-sockets";
import { adoptShared, assertRoomShared, sharedRefusal, sharedText, type RoomTranslation } from "./room-translation";
import { translationIds } from "../cores/translations/translations";
import { tellSourceChanged, tellTranslationRooms } from "./room-client";
import { RoomSessionNotes } from "./room-session-notes";
import { RoomStore } from "./room-store";
import { foreignWriter, newWriters, withWriters } from "./room-writers";
import { CUSTOM_MESSAGE_PREFIX, HEARTBEAT_PING, HEARTBEAT_PONG, outdatedClient, parseRoomName, ROOM_CLOSE, type RoomEvent } from "../shared/room-protocol";
import { rowExists } from "../cores/pages/page-store";
import { tableMeta } from "../cores/table-meta";
import { awarenessClocks, encodeSyncStep1, encodeUpdateMessage, heldBack, parseRoomMessage, structRanges } from "./room-wire";

/** Each configured room class's options, found along the class chain (`configure`, `configured`). */
const ROOM_CONFIGS = new WeakMap<object, PageRoomOptions>();

function configOf(room: object | null): PageRoomOptions | null {
  for (let type = room; type; type = Object.getPrototypeOf(type) as object | null) {
    const found = ROOM_CONFIGS.get(type);
    if (found) return found;
  }
  return null;
}

/** The storage key the health probe writes and deletes. */
const PROBE_KEY = "health-probe";

/** Transaction origin of state read back from the room's storage: not an edit, not stored again. */
const LOAD = Symbol("page-room:load");
/** Transaction origin of changes that come from D1 (a restore): stored, but not a draft edit. */
const FROM_D1 = Symbol("page-room:d1");
/**
 * One room per page, at `/parties/page-room/<collection>:<id>`, speaking the standard Yjs sync and
 * awareness protocol (any y-partyserver or y-websocket client joins). Document schema: see
 * `room-document.ts`. An accepted update goes to the other editors at once and to the room's
 * SQLite in a later turn; its author is acknowledged once that commit is durable (`RoomCommits`).
 * Drafts reach D1 only through `applySaveDraft` (settle, last leave, before publish, REST saves),
 * and only after the updates they hold are stored. WebSocket hibernation is on: everything that
 * must survive lives in storage or in the connection's attachment. `createCms` exports a subclass
 * configured for its collections ({@link PageRoom.configured}); a Worker may also configure a
 * class it exports itself.
 *
 * @example
 * // worker.ts
 * export const PageRoom = BasePageRoom.configured<SiteEnv>({ collections: roomCollections });
 */
export class PageRoom extends YServer {
  static override options = { hibernate: true };

  /**
   * A subclass serving `options`' collections: each `createCms` gets its own, so two in one
   * isolate never overwrite each other's configuration.
   */
  static configured<Env extends RoomEnv>(options: PageRoomOptions<Env>): typeof PageRoom {
    const Configured = class extends this {};
    Configured.configure(options);
    return Configured;
  }

  /**
   * This class with some limits changed and the rest of its configuration kept: a test server
   * widens the window between a broadcast and its commit with it (`commitDelayMs`).
   *
   * @example
   * export const PageRoom = cms.PageRoom.withLimits({ commitDelayMs: 25 });
   */
  static withLimits(limits: Partial<RoomLimits>): typeof PageRoom {
    const base = configOf(this);
    if (!base) throw new Error("PageRoom.withLimits: configure the class first (createCms does)");
    return this.configured({ ...base, limits: { ...base.limits, ...limits } });
  }

  /** Configures this class (and subclasses that have no configuration of their own). */
  static configure<Env extends RoomEnv>(options: PageRoomOptions<Env>): void {
    // The room's env is the Worker's env; the site names its own Env type here.
    ROOM_CONFIGS.set(this, options as unknown as PageRoomOptions);
  }

  #store: RoomStore | null = null;
  #loadError: RoomLoadError | null = null;
  #id = 0;
  #deps: DraftDeps | null = null;
  #fields: RoomField[] = [];
  #translation: RoomTranslation | null = null;
  /** The record's locale and source (its translated collection's columns), both `null` for one that is not translated. */
  #place: RecordPlace = { locale: null, sourceId: null };
  /** A source's shared fields as its translations' rooms were last told them (JSON); `null` for any other room. */
  #sharedTold: string | null = null;
  #limits: RoomLimits = DEFAULT_ROOM_LIMITS;
  #drafts: RoomDrafts | null = null;
  #admission: RoomAdmission | null = null;
  /** The room's rows in `room_sessions`; `null` when the site has no session check (nothing would push). */
  #notes: RoomSessionNotes | null = null;
  #commits: RoomCommits | null = null;
  #comments: RoomComments | null = null;
  #alarmAt: number | null = null;
  /**
   * The connection whose update is being applied while nothing else waits in the document to come
   * in with it: the broadcast skips it. An update that lets in held-back items (someone else's)
   * goes to its author too.
   */
  #soleAuthor: Connection | null = null;
  /** The record is gone and the room forgot it: it refuses everything until the runtime drops it. */
  #gone = false;
  /** `onStart` has run to its end: partyserver's start-up is done and its connections are known. */
  #started = false;
  readonly #sockets = new KnownSockets();
  readonly #heard = new LastHeard();
  readonly #owners = new ClientOwners(() => this.getConnections());
  readonly #presence = new PresenceBatch(
    this.document.awareness,
    () => this.#limits.presenceTickMs,
    () => this.getConnections(),
  );

  /** Open connections, each socket's attachment read once rather than at every broadcast. */
  override getConnections<TState = unknown>(tag?: string): Iterable<Connection<TState>> {
    return this.#sockets.open(this.ctx.getWebSockets(tag), () => super.getConnections<TState>(tag));
  }

  /**
   * A message on a socket this room has already seen as a connection, once it has started, goes
   * straight to `onMessage`: partyserver's own entry deserializes the socket's whole attachment
   * (the editor, their presence) at every message only to learn it is one of its sockets, which
   * a socket seen before already is. Anything else takes partyserver's entry.
   */
  override async webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    if (!this.#started || !this.#sockets.has(ws)) return super.webSocketMessage(ws, message);
    try {
      this.onMessage(ws as Connection, message);
    } catch (error) {
      console.error(`Error in PageRoom:${this.name} webSocketMessage:`, error);
    }
  }

  override async onLoad(): Promise<void> {
    try {
      await this.#load();
    } catch (error) {
      this.#loadError = asLoadError(error);
    }
  }

  /**
   * The room's start-up, in place of YServer's: that one sends every update back to its author as
   * well (a frame per keystroke that nobody reads: in a room of five typists, one send in five),
   * relays awareness unbatched, and sets a timer per update for an `onSave` this room does not use.
   */
  override async onStart(): Promise<void> {
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_PING, HEARTBEAT_PONG));
    await this.onLoad();
    // The update goes to the other editors first; the commit is only queued, so no storage write is
    // pending in the turn the broadcast leaves in (the output gate would hold it).
    this.document.on("update", (update: Uint8Array, origin: unknown, _doc: unknown, transaction: Transaction) => {
      sendToOthers(this.getConnections(), encodeUpdateMessage(update), origin === this.#soleAuthor ? origin : null);
      this.#accepted(update, origin, transaction);
    });
    // Timers that were due while the room was not running (a kill mid-flush) fire again.
    this.#arm();
    if (this.#loadError) {
      for (const connection of this.getConnections()) connection.close(this.#loadError.closeCode, this.#loadError.message);
    } else {
      // After hibernation: each connection sends what the room lacks (as YServer's start-up asks),
      // and presence, memory only, is put back from what each connection last said.
      sendToOthers(this.getConnections(), encodeSyncStep1(this.document));
      for (const connection of this.getConnections()) {
        const presence = stateOf(connection)?.presence;
        if (presence) this.#presence.admit(connection, [presence]);
      }
    }
    this.#started = true;
  }

  override async onConnect(connection: Connection, ctx: ConnectionContext): Promise<void> {
    this.#sockets.know(connection);
    // First, before any work: a client from before a deploy would only have its writes refused.
    const outdated = outdatedClient(ctx.request.url);
    if (outdated) return connection.close(ROOM_CLOSE.OUTDATED, outdated);
    const editor = decodeEditorHeader(ctx.request.headers.get(ROOM_EDITOR_HEADER));
    if (!editor) return connection.close(ROOM_CLOSE.NO_EDITOR, "no editor: connect through the site");
    const failure = await this.#ready();
    if (failure) return connection.close(failure.closeCode, failure.message);
    const outside = admissionRefusal(editor, (this.#deps as DraftDeps).config, this.document, this.#fields, this.#place);
    if (outside) return connection.close(ROOM_CLOSE.OUT_OF_SCOPE, closeReason(outside));
    const now = Date.now();
    connection.setState((prev: RoomConnectionState | null) => ({ ...prev, editor, color: editorColor(editor.id), connectedAt: now, spoke: false, clients: [] }));
    this.#idleCheckAt(now + this.#limits.handshakeMs);
    if ((this.#store as RoomStore).setTimerBy(HEARTBEAT_CHECK, now + Math.min(this.#limits.presenceTimeoutMs, this.#limits.heartbeatTimeoutMs))) this.#arm();
    if (typeof editor.sessionId === "string") {
      // Listed before anything else can go out, so a sign-out from now on finds this room.
      void this.#notes?.joined(editor.sessionId, editor.id);
      const check = (this.#admission as RoomAdmission).nextCheckAt(now);
      if (check !== null && (this.#store as RoomStore).setTimerBy(SESSION_CHECK, check)) this.#arm();
    }
    super.onConnect(connection, ctx);
    // A publish this editor scheduled failed while they were away: their first visit since says so.
    const notice = takeScheduleNotice(this.#store as RoomStore, editor.id);
    if (notice) this.sendCustomMessage(connection, JSON.stringify(notice));
  }

  override onMessage(connection: Connection, message: WSMessage): void {
    // Frames a client sent before it saw the room close it (a refused update's followers, built on
    // what the room never took) would be held pending with no one left to refuse them.
    if (connection.readyState !== WebSocket.OPEN) return;
    this.#heard.heard(connection, Date.now());
    const state = stateOf(connection);
    if (!state) return this.#evict(connection, ROOM_CLOSE.NO_EDITOR, "no editor");
    if (this.#loadError) return this.#evict(connection, this.#loadError.closeCode, this.#loadError.message);
    const bytes = typeof message === "string" ? null : message instanceof ArrayBuffer ? new Uint8Array(message) : new Uint8Array(message.buffer, message.byteOffset, message.byteLength);
    // Before the budget: in a crowd every cursor move comes back from each peer (see isStaleEcho).
    if (bytes && isStaleEcho(awarenessClocks(bytes), state.clients, (id) => this.document.awareness.meta.get(id)?.clock)) return;
    const size = bytes ? bytes.byteLength : (message as string).length * 3;
    const refusal = (this.#admission as RoomAdmission).admit(state, size, Date.now());
    if (refusal) return this.#evict(connection, refusal.code, refusal.reason);
    if (!state.spoke) connection.setState((prev: RoomConnectionState) => ({ ...prev, spoke: true }));
    if (!bytes) return super.handleMessage(connection, message);
    const parsed = parseRoomMessage(bytes);
    if (!parsed) return this.#evict(connection, ROOM_CLOSE.MALFORMED, "malformed Yjs message");
    if (parsed.kind === "sync") {
      if (parsed.update) {
        if ((this.#store as RoomStore).storedBytes() + (this.#commits as RoomCommits).queuedBytes() + parsed.update.byteLength > this.#limits.maxDocumentBytes) {
          return this.#evict(connection, ROOM_CLOSE.DOCUMENT_FULL, "the page's document is at its size limit");
        }
        const writers = newWriters(this.document, parsed.structs);
        const foreign = foreignWriter(writers, state, () => this.#owners.statesControlling(connection, writers));
        // The items may be that editor's own, relayed (a peer resending what the room lost): the
        // sender keeps them (no ranges to drop), and their author sends them itself.
        if (foreign !== null) return this.#refuse(connection, `client id ${foreign} belongs to another editor's connection`, []);
        const roomOnly = roomOnlyRefusal(this.document, this.#fields, parsed.structs, parsed.deletes);
        if (roomOnly) return this.#refuse(connection, roomOnly, parsed.structs, ROOM_CLOSE.READ_ONLY_FIELD);
        const shared = sharedRefusal(this.#translation, this.document, this.#fields, parsed.structs, parsed.deletes);
        if (shared) return this.#refuse(connection, shared, parsed.structs, ROOM_CLOSE.READ_ONLY_FIELD);
        const refusal = refusedUpdate(this.document, this.#fields, parsed.structs, this.#deps?.mediaBase);
        if (refusal) return this.#refuse(connection, refusal, parsed.structs);
        const suggestion = refusedSuggestionUpdate(this.document, this.#fields, parsed.structs, parsed.deletes, state.editor.id);
        if (suggestion) return this.#refuse(connection, suggestion, parsed.structs, ROOM_CLOSE.READ_ONLY_FIELD);
        const scoped = scopeRefusal(state.editor, (this.#deps as DraftDeps).config, this.document, this.#fields, this.#place, parsed.structs, parsed.deletes, parsed.update);
        if (scoped) return this.#refuse(connection, scoped.reason, parsed.structs, scoped.code);
        // Held-back items that this update would let in are checked now: refused, neither lands.
        const held = pendingRefusal(this.document, this.#fields, parsed.update, this.#deps?.mediaBase);
        if (held) {
          this.document.store.pendingStructs = null;
          return this.#refuse(connection, held.reason, held.structs);
        }
        this.#apply(connection, parsed.update);
        const writes = withWriters(state, writers);
        if (writes) {
          connection.setState((prev: RoomConnectionState) => ({ ...prev, writes }));
          this.#owners.claim(connection);
        }
        return (this.#commits as RoomCommits).received(connection, heldBack(this.document, parsed.structs, parsed.deletes));
      }
      return super.handleMessage(connection, bytes);
    }
    const decision = admitPresence(state, parsed.entries, (clientID) => this.#owners.ownedElsewhere(connection, clientID));
    // The one attachment write of a cursor move: the batch applies the entries under an origin of
    // its own, so y-partyserver does not write the connection's ids a second time.
    connection.setState((prev: RoomConnectionState) => ({ ...prev, clients: decision.clients, presence: decision.presence }));
    // A connection's ids only ever grow, so a cursor move (the same ids) has nothing to record.
    if (decision.clients.length !== state.clients.length) this.#owners.claim(connection);
    if (decision.entries.length > 0) this.#presence.admit(connection, decision.entries);
  }

  /** Custom messages from clients carry nothing the room acts on; they are ignored. */
  override onCustomMessage(_connection: Connection, _message: string): void {}

  override async onClose(connection: Connection, code: number, reason: string, wasClean: boolean): Promise<void> {
    super.onClose(connection, code, reason, wasClean);
    const state = stateOf(connection);
    this.#dropPresence(state);
    this.#owners.release(connection, state);
    this.#commits?.closed(connection);
    this.#heard.closed(connection);
    this.#sessionLeft(connection, state);
    const others = [...this.getConnections()].some((c) => c.id !== connection.id && c.readyState === WebSocket.OPEN);
    if (others) return;
    // The emptied room's checks would only wake it (loading its whole document) to find no one.
    if (this.#store && [this.#store.dropTimer(IDLE_CHECK), this.#store.dropTimer(HEARTBEAT_CHECK), this.#store.dropTimer(SESSION_CHECK)].some(Boolean)) this.#arm();
    if (!this.#drafts?.isDirty()) return;
    // The last editor left: write the draft now rather than waiting for the settle timer.
    await this.#drafts.ownFlush();
  }

  override async onAlarm(): Promise<void> {
    this.#alarmAt = null;
    const failure = await this.#ready();
    // A room that cannot load throws, so the runtime retries the alarm (a scheduled publish stays due).
    if (failure?.status === 404) return;
    if (failure) throw failure;
    const now = Date.now();
    const store = this.#store as RoomStore;
    this.#commits?.flush();
    const settle = store.getTimer("settle");
    if (settle && settle.at <= now) await this.#drafts?.settle(now);
    // The flush found the record deleted: the room has forgotten everything the rest would use.
    if (this.#gone) return;
    // A schedule whose D1 copy is gone (an import replaced the site) is dropped, not fired.
    const due = store.getTimer(PUBLISH);
    if (due && due.at <= now) await scheduleWithdrawn((this.env as RoomEnv).DB, store, this.name);
    await fireScheduledPublish(this.#publishContext(), now);
    closeSilentConnections(store, this.getConnections(), this.#limits.handshakeMs, now, (connection) =>
      this.#evict(connection, ROOM_CLOSE.IDLE, "idle: no message after connecting"),
    );
    const lastBeat = (connection: Connection) => this.#heard.lastBeat(connection, this.ctx.getWebSocketAutoResponseTimestamp(connection)?.getTime() ?? null);
    checkHeartbeats(store, this.getConnections(), lastBeat, now, { presenceMs: this.#limits.presenceTimeoutMs, closeMs: this.#limits.heartbeatTimeoutMs }, {
      hide: (connection) => this.#dropPresence(stateOf(connection)),
      evict: (connection) => this.#evict(connection, ROOM_CLOSE.IDLE, "idle: heartbeat stopped"),
    });
    const sessions = store.getTimer(SESSION_CHECK);
    if (sessions && sessions.at <= now) {
      store.clearTimer(SESSION_CHECK);
      // Timed when it is sent, not when the alarm woke: the awaits above advance the clock, and a
      // confirmation dated earlier than it ran would let the next one come less than a period later.
      const next = (this.#admission as RoomAdmission).confirmAll(Date.now());
      if (next !== null) store.setTimer(SESSION_CHECK, next);
    }
    this.#arm();
  }

  /**
   * RPC: merges an edit from outside the room (REST, inline save, service binding) three ways into
   * the live document against the version the writer read (`baseVersionId`, default the room's
   * last write), writes the draft, and answers once D1 has it, naming any `conflicts`. With
   * `restoreVersionId` (a restore) that version's fields replace the live ones whole.
   */
  saveDraft(session: EditorSession, edit: Record<string, unknown>, options: { baseVersionId?: number; restoreVersionId?: number } = {}): Promise<RoomResult<WrittenDraft>> {
    const drafts = this.#drafts as RoomDrafts;
    const { restoreVersionId, ...base } = options;
    return this.#rpc(session, async () => {
      if (restoreVersionId === undefined) {
        this.#assertAccess(session, edit);
        return drafts.saveEdit(edit, outsideEdit(session, base));
      }
      // A scoped account's restore is checked for the fields it would change.
      const deps = this.#deps as DraftDeps;
      // A translation's version holds its own copy of the shared fields: a restore leaves the source's.
      const keep = this.#translation?.shared ?? [];
      const restored = isScoped(session.access?.scope) ? omit(declaredFields(deps.config, await readVersionSnapshot((this.env as RoomEnv).DB, deps, this.#id, restoreVersionId)), keep) : undefined;
      this.#assertAccess(session, restored);
      return drafts.restore(restoreVersionId, { ...outsideEdit(session, { replace: true }), keep });
    });
  }

  /** RPC: sets one field, or one leaf of a json field, on the live document and writes the draft. */
  saveField(session: EditorSession, field: FieldEdit, options: { baseVersionId?: number } = {}): Promise<RoomResult<WrittenDraft>> {
    return this.#rpc(session, () => {
      this.#assertAccess(session, (current) => fieldEditOf(current, field));
      return (this.#drafts as RoomDrafts).saveField(field, outsideEdit(session, options));
    });
  }

  /** RPC: publishes now (after a flush), or schedules the publish when `at` is given. */
  publish(session: EditorSession, options: { versionId?: number | null; at?: string | null } = {}): Promise<RoomResult<PublishResult | { scheduled: ScheduledPublish }>> {
    return this.#rpc(session, async () => {
      this.#assertAccess(session);
      const versionId = options.versionId ?? null;
      if (options.at) return { scheduled: await schedulePublish(this.#publishContext(), session, options.at, versionId, Date.now()) };
      // The draft publishes without open suggestions; the answer says how many stay open.
      return { ...(await publishNow(this.#publishContext(), versionId)), openSuggestions: openSuggestionCount(this.document) };
    });
  }

  /**
   * RPC (Worker-internal, from the source's room): the source's draft changed its shared fields;
   * a translation's room takes them into its document, so its open editors see them at once.
   */
  adoptSharedFields(values: Record<string, unknown>): Promise<RoomResult<{ changed: string[] }>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      const adopted = adoptShared(this.#translation, this.document, this.#fields, values, FROM_D1);
      this.#translation = adopted.translation;
      return { changed: adopted.changed };
    });
  }

  /**
   * RPC (Worker-internal, from the source's room): the source's draft was written. Each open
   * socket of this (translation's) room is told (`source-changed`), so "Show source" reads the
   * source again. Answers how many were told; a room nobody has open is not loaded for it, and a
   * socket closing meanwhile is skipped.
   */
  sourceChanged(): number {
    const message = `${CUSTOM_MESSAGE_PREFIX}${JSON.stringify({ type: "source-changed" } satisfies RoomEvent)}`;
    let told = 0;
    for (const socket of this.ctx.getWebSockets()) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      try {
        socket.send(message);
        told += 1;
      } catch {
        // Closing as it was told: it reads the source again when it next opens the page.
      }
    }
    return told;
  }

  /**
   * RPC (Worker-internal, the push of a sign-out or a change of access, `tellSessionRooms`):
   * confirms every open connection's session now, with the rule and close codes of the room's own
   * rechecks, and answers once the ones that no longer stand are closed. A room nobody has open
   * answers at once without loading (a row of `room_sessions` left behind asks it for nothing).
   */
  async recheckSessions(): Promise<{ closed: number }> {
    if (!this.ctx.getWebSockets().some((socket) => socket.readyState === WebSocket.OPEN)) return { closed: 0 };
    // Addressed by name without `setName`: starting partyserver now loads the room if it slept.
    if (!this.#started) await this.setName(this.name);
    if (!this.#admission || this.#loadError) return { closed: 0 };
    return { closed: await this.#admission.confirmNow(Date.now()) };
  }

  /** RPC: how many suggestions are open (the versions meta shows it beside the publish state). */
  openSuggestionCount(): Promise<RoomResult<number>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      return openSuggestionCount(this.document);
    });
  }

  /** RPC: the page's open suggestions, each with its words (any editor of the page). */
  listSuggestions(session: EditorSession): Promise<RoomResult<{ suggestions: SuggestionView[] }>> {
    return this.#rpc(session, async () => {
      this.#assertAccess(session);
      return { suggestions: openSuggestions(this.document, this.#fields) };
    });
  }

  /** RPC: accepts or rejects one suggestion, or all (of one author), under the room's lock, then writes the draft (`room-suggestion-settle.ts`). */
  settleSuggestions(session: EditorSession, decision: SuggestionDecision, target: SettleTarget): Promise<RoomResult<SettledSuggestions>> {
    return this.#rpc(session, () =>
      settleInRoom(
        {
          doc: this.document,
          fields: this.#fields,
          drafts: this.#drafts as RoomDrafts,
          assertAccess: (who, names) => this.#assertAccess(who, (current) => Object.fromEntries(names.map((name) => [name, current[name]]))),
          origin: (who) => new RestEdit(who),
        },
        session,
        decision,
        target,
      ),
    );
  }

  /** RPC: unpublishes the page. */
  unpublish(session: EditorSession): Promise<RoomResult<{ page: Record<string, unknown> }>> {
    return this.#rpc(session, () => {
      this.#assertAccess(session);
      return unpublishNow(this.#publishContext());
    });
  }

  /** RPC: cancels a scheduled publish. */
  cancelScheduledPublish(session: EditorSession): Promise<RoomResult<{ cancelled: boolean }>> {
    return this.#rpc(session, async () => {
      this.#assertAccess(session);
      return { cancelled: await cancelPublish(this.#publishContext()) };
    });
  }

  /** RPC: the scheduled publish, or `null`. */
  scheduledPublish(): Promise<RoomResult<ScheduledPublish | null>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      return readSchedule(this.#store as RoomStore);
    });
  }

  /**
   * RPC (Worker-internal, the health check): takes the page's schedule from its D1 copy and arms
   * the alarm for it (`reconcileSchedule`), so schedules an import restored fire; one whose time
   * passed fires at once. The schedule as it now stands, or `null`.
   */
  rearmSchedule(): Promise<RoomResult<ScheduledPublish | null>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      if (await reconcileSchedule((this.env as RoomEnv).DB, this.#store as RoomStore, this.name)) this.#arm();
      return readSchedule(this.#store as RoomStore);
    });
  }

  /** RPC: the last scheduled publish that did not go live, or `null`. */
  scheduleFailure(): Promise<RoomResult<ScheduleFailure | null>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      return readScheduleFailure(this.#store as RoomStore);
    });
  }

  /**
   * RPC: lists the page's comment threads (quotes and offsets as they read now) or changes them
   * under the session's rights (`room-comments.ts`); a change reaches every editor by Yjs sync and
   * is in the room's storage and in D1 before this answers.
   */
  comments(session: EditorSession, action: CommentAction): Promise<RoomResult<CommentAnswer>> {
    return this.#rpc(session, () => {
      this.#assertAccess(session);
      return (this.#comments as RoomComments).run(session, action);
    });
  }

  /**
   * RPC (Worker-internal): writes the live document's edits that D1 has not seen yet as a draft,
   * so a read of the draft (a preview, a share link) shows every acknowledged edit. `null` when
   * D1 already had them.
   */
  flushDraft(): Promise<RoomResult<{ versionId: number } | null>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      const saved = await (this.#drafts as RoomDrafts).flush();
      return saved ? { versionId: saved.versionId } : null;
    });
  }

  /**
   * RPC (Worker-internal): the record was deleted. Once D1 confirms it has no such record, the room
   * closes every connection with 4404, drops what it has not stored, stops its alarm and deletes its
   * storage; `forgotten: false` when the record is still there (nothing changes).
   */
  recordDeleted(): Promise<RoomResult<{ forgotten: boolean }>> {
    return roomResult(async () => {
      if (this.#gone) return { forgotten: true };
      const address = parseRoomName(this.name);
      const deps = address ? configOf(this.constructor)?.collections(this.env as RoomEnv)[address.collection] : undefined;
      if (!address || !deps) throw new HttpError(404, `no room ${this.name}`, { code: "not_found" });
      return { forgotten: await this.#forgetIfGone(deps, address.id) };
    });
  }

  /**
   * Forgets the room only once D1 confirms the record is gone: a 404 from a site's own rule, or a
   * delete that did not happen, must never cost editors their room.
   */
  async #forgetIfGone(deps: DraftDeps, id: number): Promise<boolean> {
    if (this.#gone) return true;
    if (await rowExists((this.env as RoomEnv).DB, tableMeta(deps.table), id)) return false;
    await this.#forget(id);
    return true;
  }

  /** RPC (Worker-internal, for benchmarks and operators): stored Yjs bytes against the document's size. */
  storageStats(): Promise<RoomResult<{ storedBytes: number; compactedBytes: number; contentBytes: number }>> {
    return roomResult(async () => {
      await this.#readyOrThrow();
      this.#commits?.flush();
      const content = JSON.stringify(readFields(this.document, this.#fields, this.#deps?.mediaBase));
      return {
        storedBytes: (this.#store as RoomStore).storedBytes(),
        compactedBytes: encodeStateAsUpdate(this.document).byteLength,
        contentBytes: new TextEncoder().encode(content).byteLength,
      };
    });
  }

  /**
   * RPC (Worker-internal, for the health check): writes a value to this room's storage, reads it
   * back and deletes it. Called on a probe room that belongs to no record, without `setName`, so
   * no document is loaded.
   */
  async probeStorage(): Promise<{ stored: boolean }> {
    const value = crypto.randomUUID();
    await this.ctx.storage.put(PROBE_KEY, value);
    const read = await this.ctx.storage.get<string>(PROBE_KEY);
    await this.ctx.storage.delete(PROBE_KEY);
    return { stored: read === value };
  }

  async #rpc<T>(session: EditorSession, work: () => Promise<T>): Promise<RoomResult<T>> {
    return roomResult(async () => {
      if (!isEditorSession(session)) throw new HttpError(401, "an editor session is required", { code: "unauthenticated" });
      await this.#readyOrThrow();
      return work();
    });
  }

  /*
   * After a source's draft write: when its shared fields changed since its translations' rooms were
   * last told, they are told now, and every translation's open editors hear that the source
   * changed (their "Show source" reads it again). A failure is logged, never the draft's: the
   * translations' rooms take the source's values again when they next load.
   */
  async #tellTranslations(): Promise<void> {
    const deps = this.#deps;
    if (this.#sharedTold === null || !deps?.localized) return;
    const now = sharedText(this.document, this.#fields, deps.localized.shared);
    try {
      const ids = await translationIds((this.env as RoomEnv).DB, tableMeta(deps.table), this.#id);
      if (ids.length === 0) return;
      const collection = parseRoomName(this.name)?.collection ?? "";
      if (now !== this.#sharedTold) {
        await tellTranslationRooms(this.env as object, collection, ids, JSON.parse(now) as Record<string, unknown>);
        this.#sharedTold = now;
      }
      await tellSourceChanged(this.env as object, collection, ids);
    } catch (error) {
      logSinkOf(configOf(this.constructor)?.log)({ level: "error", requestId: crypto.randomUUID(), action: "room.shared", cause: causeOf(error) });
    }
  }

  /* The scope rule on this room's record, read from the live document (see `assertRoomAccess`). */
  #assertAccess(session: EditorSession, edit?: Parameters<typeof assertRoomAccess>[5]): void {
    assertRoomAccess(session, (this.#deps as DraftDeps).config, this.document, this.#fields, this.#place, edit, this.#deps?.mediaBase);
    // A translation's shared fields are written on its source only, whoever writes.
    assertRoomShared(this.#translation, this.document, this.#fields, edit, this.#deps?.mediaBase);
  }

  async #load(): Promise<void> {
    const config = configOf(this.constructor);
    const room = await loadRoom({
      name: this.name,
      env: this.env as RoomEnv,
      doc: this.document,
      storage: this.ctx.storage,
      config,
      origin: LOAD,
    });
    this.#store = room.store;
    this.#id = room.id;
    this.#deps = room.deps;
    this.#fields = room.fields;
    this.#translation = room.translation;
    this.#place = room.place;
    this.#sharedTold = room.deps.localized && !room.translation ? sharedText(this.document, room.fields, room.deps.localized.shared) : null;
    this.#limits = { ...DEFAULT_ROOM_LIMITS, ...config?.limits };
    const sessionsLive = sessionsCheckOf(config);
    this.#notes = sessionsLive ? new RoomSessionNotes((this.env as RoomEnv).DB, this.name, logSinkOf(config?.log)) : null;
    this.#admission = new RoomAdmission({
      env: this.env as RoomEnv,
      limits: this.#limits,
      sessionsLive,
      connections: () => this.getConnections(),
      evict: (connection, code, reason) => this.#evict(connection, code, reason),
    });
    const store = room.store;
    this.#commits = new RoomCommits({
      append: (updates) => store.append(updates, this.document),
      edited: (editor, at, fields) => this.#drafts?.edited(editor, at, fields),
      ackGate: () => this.#drafts?.listing() ?? null,
      has: (client, clock) => getState(this.document.store, client) >= clock,
      delayMs: this.#limits.commitDelayMs,
    });
    const sweep = new SuggestionSweep(this.document, room.fields);
    this.#drafts = new RoomDrafts({
      beforeRead: () => {
        sweep.run();
        this.#commits?.flush();
      },
      env: this.env as RoomEnv,
      deps: room.deps,
      id: room.id,
      doc: this.document,
      fields: room.fields,
      store: room.store,
      limits: this.#limits,
      broadcast: (event) => this.#broadcast(event),
      arm: () => this.#arm(),
      gone: () => this.#forgetIfGone(room.deps, room.id),
      log: logSinkOf(config?.log),
      collection: parseRoomName(this.name)?.collection ?? "",
      afterWrite: async () => {
        await Promise.all([this.#comments?.refresh(), this.#tellTranslations()]);
      },
    });
    this.#comments = new RoomComments({
      doc: this.document,
      fields: room.fields,
      db: (this.env as RoomEnv).DB,
      collection: parseRoomName(this.name)?.collection ?? "",
      id: room.id,
      config: room.deps.config,
      languages: room.deps.languages ?? null,
      place: room.place,
      commit: () => this.#commits?.flush(),
    });
    if (!room.seeded) return;
    this.#drafts.resetBase();
    // A room without storage (a fresh deployment, an import) takes a pending schedule from D1; onStart
    // arms it. Editing never waits on it: a failed read is logged, and the health check arms it later.
    await reconcileSchedule((this.env as RoomEnv).DB, room.store, this.name).catch((error: unknown) =>
      logSinkOf(config?.log)({ level: "error", requestId: crypto.randomUUID(), action: "room.schedule", cause: causeOf(error) }),
    );
  }

  /** `null` when the document is loaded; otherwise retries the load once and reports why it failed. */
  async #ready(): Promise<RoomLoadError | null> {
    if (!this.#loadError || this.#gone) return this.#loadError;
    await this.ctx.blockConcurrencyWhile(async () => {
      try {
        await this.#load();
        this.#loadError = null;
      } catch (error) {
        this.#loadError = asLoadError(error);
      }
    });
    return this.#loadError;
  }

  async #readyOrThrow(): Promise<void> {
    if (!this.#store && !this.#loadError) throw new HttpError(503, "room not started: address it with getServerByName", { code: "room_not_started" });
    const failure = await this.#ready();
    if (failure) throw new HttpError(failure.status, failure.message, { code: failure.status === 404 ? "not_found" : "room_unavailable" });
  }

  /**
   * Every accepted update, after its broadcast: queued for its commit, with the edit it counts as
   * for the settle timer (the fields it touched are read from its transaction at the commit).
   */
  #accepted(update: Uint8Array, origin: unknown, transaction: Transaction): void {
    if (origin === LOAD || !this.#commits) return;
    if (origin === FROM_D1 || origin === COMMENTS_ORIGIN || origin === SWEEP_ORIGIN) return this.#commits.accepted(update, null);
    const editor = origin instanceof RestEdit ? origin.editor : stateOf(origin)?.editor ?? null;
    const now = Date.now();
    this.#commits.accepted(update, { editor, at: now, fields: () => changedRoots(this.document, transaction) });
    this.#admission?.sweep(now);
  }

  /**
   * Applies an update frame's update, decoded and checked already, as y-partyserver's handler
   * would (the connection as the transaction's origin, a failure logged), without parsing the
   * frame a second time.
   */
  #apply(connection: Connection, update: Uint8Array): void {
    const { pendingStructs, pendingDs } = this.document.store;
    // With nothing held back, what the update lets in is only its own: its author has all of it.
    this.#soleAuthor = pendingStructs === null && pendingDs === null ? connection : null;
    try {
      applyUpdate(this.document, update, connection);
    } catch (error) {
      console.error("page room: an update failed to apply", error);
    } finally {
      this.#soleAuthor = null;
    }
  }

  /**
   * Refuses an update: its author is told which structs were not applied (so it can drop them and
   * keep the rest), then the connection is closed. Nothing of the update reaches the document.
   */
  #refuse(connection: Connection, reason: string, structs: Parameters<typeof structRanges>[0], code: number = ROOM_CLOSE.REFUSED): void {
    const event: RoomEvent = { type: "refused", reason, items: structRanges(structs) };
    this.sendCustomMessage(connection, JSON.stringify(event));
    this.#evict(connection, code, reason);
  }

  #publishContext(): RoomPublishContext {
    const config = configOf(this.constructor);
    const hasPublishRight = config?.hasPublishRight;
    const publishAccess = config?.publishAccess;
    return {
      hasPublishRight: hasPublishRight && ((session) => hasPublishRight(this.env as RoomEnv, session)),
      publishRefusal:
        publishAccess &&
        (async (session) => {
          const access = await publishAccess(this.env as RoomEnv, session);
          if (!access?.publish) return `${session.name} no longer has the publish right`;
          return refusalOf(() => this.#assertAccess({ ...session, access })) === null ? null : `this page is outside ${session.name}'s scope now`;
        }),
      env: this.env as RoomEnv,
      deps: this.#deps as DraftDeps,
      id: this.#id,
      store: this.#store as RoomStore,
      drafts: this.#drafts as RoomDrafts,
      broadcast: (event) => this.#broadcast(event),
      arm: () => this.#arm(),
      present: (editorId) => [...this.getConnections()].some((connection) => stateOf(connection)?.editor.id === editorId),
      collection: parseRoomName(this.name)?.collection ?? "",
      log: logSinkOf(configOf(this.constructor)?.log),
      adopt: (snapshot) => {
        mergeFields(this.document, this.#fields, snapshot, FROM_D1);
        this.#drafts?.resetBase();
      },
    };
  }

  #broadcast(event: RoomEvent): void {
    this.broadcastCustomMessage(JSON.stringify(event));
  }

  /** Points the DO alarm at the earliest timer; skipped when it already does (no write per keystroke). */
  #arm(): void {
    const next = this.#store?.nextTimerAt() ?? null;
    if (next === this.#alarmAt) return;
    this.#alarmAt = next;
    void (next === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(next));
  }

  #idleCheckAt(at: number): void {
    if ((this.#store as RoomStore).setTimerBy(IDLE_CHECK, at)) this.#arm();
  }

  /**
   * The record is gone from D1: every editor is closed with 4404 and nothing more is accepted or
   * acknowledged (updates waiting for their commit are dropped: they would be saved nowhere); the
   * alarm stops and the room's storage is deleted, so a deleted record's room holds nothing, and a
   * room started later for the same name starts from D1.
   */
  async #forget(id: number): Promise<void> {
    if (this.#gone) return;
    this.#gone = true;
    const reason = `page ${id} was deleted`;
    this.#loadError = new RoomLoadError(ROOM_CLOSE.NOT_FOUND, 404, reason);
    this.#commits?.discard();
    this.#drafts?.stop();
    this.#comments?.stop();
    this.#comments = null;
    this.#commits = null;
    this.#drafts = null;
    this.#store = null;
    for (const connection of this.getConnections()) this.#evict(connection, ROOM_CLOSE.NOT_FOUND, reason);
    await this.#notes?.left(null);
    this.#alarmAt = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    const address = parseRoomName(this.name);
    if (!address) return;
    await forgetRecordComments((this.env as RoomEnv).DB, address.collection, id);
    await deleteScheduleRow((this.env as RoomEnv).DB, this.name);
  }

  /** Closes one connection and drops its presence at once (not waiting for its close to come back). */
  #evict(connection: Connection, code: number, reason: string): void {
    const state = stateOf(connection);
    this.#owners.release(connection, state);
    this.#dropPresence(state);
    connection.close(code, closeReason(reason));
    this.#sessionLeft(connection, state);
  }

  /**
   * Removes the presence ids a connection holds (`clients`: the room, not y-partyserver, knows
   * them) at once, for everyone (origin null: y-partyserver sends the removal unbatched, to the
   * connection too, whose client sends its presence again if it is still there).
   */
  #dropPresence(state: RoomConnectionState | null): void {
    const present = (state?.clients ?? []).filter((clientID) => this.document.awareness.states.has(clientID));
    if (present.length > 0) removeAwarenessStates(this.document.awareness, present, null);
  }

  /**
   * A connection ended: when its session has no other open connection here, the room's row for
   * that session in `room_sessions` goes (a push for it would find nobody).
   */
  #sessionLeft(connection: Connection, state: RoomConnectionState | null): void {
    const sessionId = state?.editor.sessionId;
    if (!this.#notes || typeof sessionId !== "string") return;
    for (const other of this.getConnections()) {
      if (other.id !== connection.id && other.readyState === WebSocket.OPEN && stateOf(other)?.editor.sessionId === sessionId) return;
    }
    void this.#notes.left([sessionId]);
  }
}

/* `fields` without the named ones. */
function omit(fields: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !names.includes(name)));
}
