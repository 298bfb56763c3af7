import type * as Y from "yjs";
import { recordActivity } from "../cores/activity";
import { assertDraftRules, labelOf, writeDraft, type DraftDeps, type FieldEdit, type WrittenDraft } from "../cores/drafts";
import { assertJsonDepth } from "../shared/json-depth";
import { HttpError, isHttpError, LouiseValidationError, type Violation } from "../shared/errors";
import { roomName, type RoomEvent } from "../shared/room-protocol";
import type { EditorSession } from "../shared/session";
import type { RoomEnv, RoomLimits } from "./room-config";
import { changedFields, readFieldsChecked, type RoomField } from "./room-document";
import { restoreOutside, saveOutsideEdit, saveOutsideField, type OutsideEdit } from "./room-outside";
import { META_SEEN, rootOf } from "./outside-base";
import type { RoomStore } from "./room-store";
import { UnflushedListing } from "./room-unflushed";
import { causeOf, type LogSink } from "../shared/request-log";

export type { OutsideEdit } from "./room-outside";

/** What the draft writer of one room works with. */
export interface RoomDraftsContext {
  env: RoomEnv;
  deps: DraftDeps;
  id: number;
  doc: Y.Doc;
  fields: RoomField[];
  store: RoomStore;
  limits: RoomLimits;
  broadcast: (event: RoomEvent) => void;
  /** Re-arms the DO alarm after a timer changed. */
  arm: () => void;
  /** Commits accepted updates still waiting, so D1 never holds content the room's storage lacks. */
  beforeRead: () => void;
  /** A flush got 404: when D1 confirms the record is gone, the room tells its editors and forgets itself (true). */
  gone: () => Promise<boolean>;
  /** Where the room's own writes (settle, last leave) log their line; an outside write's line is its request's. */
  log: LogSink;
  /** The record's collection, for its log lines. */
  collection: string;
  /** After each draft D1 took: D1's copy of the comment threads gets their words and offsets as they read now. */
  afterWrite?: () => Promise<void> | undefined;
}

/** Options of one flush. */
export interface FlushOptions {
  /** Who the draft is attributed to; default the editor of the latest edit. */
  session?: EditorSession;
  /** Field names to write even when unchanged since the last flush (a REST save names its fields). */
  include?: string[];
  /** Write a version even when nothing changed (a REST save always answers with a version). */
  force?: boolean;
  /**
   * The fields an outside write sent: only their refusal fails the flush. Live fields D1 refuses
   * stay pending in the room (the editors are told), but they are not the outside writer's error.
   */
  own?: string[];
  /**
   * Values the rules have already passed (an outside write's merged fields): a field that still
   * holds exactly that is written without being judged again; any other field is judged here.
   */
  checked?: Record<string, unknown>;
}

const META_BASE = "base";
const META_EDITOR = "editor";
const META_DIRTY = "dirtySince";
const SETTLE = "settle";

/**
 * The room's one path to D1 drafts. Edits mark the document dirty and arm a `settle` timer (in
 * the DO's alarm storage, so it survives eviction); a flush sends only the fields that differ from
 * what was last written, through `applySaveDraft`, one flush at a time. However many editors type,
 * a settle window ends in at most one D1 write.
 *
 * Crash safety: the dirty mark and the settle timer are stored with the edit itself and are cleared
 * only after D1 has committed the draft (and only when no edit arrived meanwhile), so a room killed
 * in the middle of a flush flushes again when it next runs. A draft D1 refuses as invalid keeps
 * the invalid fields pending in the room (the editors are told), the valid ones are written.
 *
 * @example
 * const drafts = new RoomDrafts(context);
 * drafts.edited(editor, Date.now());      // on every accepted update
 * await drafts.flush();                    // settle, last leave, before publish
 */
export class RoomDrafts {
  readonly #c: RoomDraftsContext;
  #chain: Promise<unknown> = Promise.resolve();
  #dirty: boolean;
  /** Edits accepted since this object started: a flush is clean only if none came during it. */
  #edits = 0;
  #lastEditAt = 0;
  #lastEditorId: string | null = null;
  /** A flush was refused as invalid: the next edit brings the settle timer back from its back-off. */
  #backedOff = false;
  /** Flushes in a row that failed for a passing reason (D1 unreachable): the retry waits longer each time. */
  #failures = 0;
  /** The record is gone: nothing is written again (see {@link stop}). */
  #stopped = false;
  /**
   * Fields edited since the last flush, so a flush converts and sanitizes only those; `null` when
   * that is not known (after a restart, or an edit whose fields were not told): then all are read.
   */
  #touched: Set<string> | null = null;
  /** The fields the last flush wrote, named in its activity row. */
  #lastFields: string[] = [];
  /** The room's row in `unflushed_rooms`. */
  readonly #listing: UnflushedListing;

  constructor(context: RoomDraftsContext) {
    this.#c = context;
    this.#listing = new UnflushedListing(context.env.DB, roomName(context.collection, context.id), context.log);
    const dirtySince = context.store.getMeta<number>(META_DIRTY);
    this.#dirty = dirtySince !== null;
    // A room evicted while dirty may have lost its row's write: list it again.
    if (dirtySince !== null) this.#listing.set(dirtySince);
  }

  /**
   * While the room's row in `unflushed_rooms` is being written, the write; else `null`. An edit is
   * acknowledged only after it, so an export that lists the rooms to flush never misses one that
   * acknowledged an edit before the export began.
   */
  listing(): Promise<void> | null {
    return this.#listing.pending();
  }

  /* Stores the dirty mark (and lists the room) unless it is already there. */
  #markDirty(now: number): void {
    if (this.#c.store.getMeta<number>(META_DIRTY) !== null) return;
    this.#c.store.setMeta(META_DIRTY, now);
    this.#listing.set(now);
  }

  /** Remembers the current fields as written (after seeding, or after D1 changed underneath). */
  resetBase(): void {
    const values = readFieldsChecked(this.#c.doc, this.#c.fields, this.#c.deps.mediaBase).values;
    this.#c.store.setMeta(META_BASE, values);
    // What D1 gave the room is what any outside reader could have been served.
    this.#c.store.setMeta(META_SEEN, values);
  }

  /** The fields as last written to D1 (or seeded): what a flush compares against. */
  base(): Record<string, unknown> | null {
    return this.#c.store.getMeta<Record<string, unknown>>(META_BASE);
  }

  /**
   * Records an accepted edit: who made it, when, which fields it touched (`null`: unknown), and (on
   * the first since a flush) arms the settle timer.
   */
  edited(editor: EditorSession | null, now: number, fields: Iterable<string> | null = null): void {
    this.#edits += 1;
    if (fields === null) this.#touched = null;
    else if (this.#touched !== null) for (const name of fields) this.#touched.add(name);
    this.#lastEditAt = now;
    if (editor && editor.id !== this.#lastEditorId) {
      this.#c.store.setMeta(META_EDITOR, editor);
      this.#lastEditorId = editor.id;
    }
    if (this.#dirty && !this.#backedOff) return;
    this.#backedOff = false;
    this.#dirty = true;
    this.#markDirty(now);
    this.#c.store.setTimer(SETTLE, now + this.#c.limits.settleMs);
    this.#c.arm();
  }

  /**
   * Called when the settle timer is due: writes the draft once edits have been quiet for
   * `settleMs` or dirty for `maxWaitMs`, otherwise moves the timer. Timers are kept in memory
   * only as a hint (`lastEditAt`); after eviction the draft is simply written.
   */
  async settle(now: number): Promise<void> {
    const dirtySince = this.#c.store.getMeta<number>(META_DIRTY) ?? now;
    const quietAt = this.#lastEditAt + this.#c.limits.settleMs;
    const capAt = dirtySince + this.#c.limits.maxWaitMs;
    if (now < quietAt && now < capAt) {
      this.#c.store.setTimer(SETTLE, Math.min(quietAt, capAt));
      return;
    }
    await this.ownFlush();
  }

  /**
   * A flush the room makes on its own (settle, the last editor leaving): no request asked for it,
   * so it logs its own line (and a failure's cause once) and records its own `draft.saved`
   * activity: one row per flush, not per keystroke, attributed like the version itself to the
   * editor of the latest edit. A refusal was told to the editors and stays pending; any other
   * failure is retried.
   */
  async ownFlush(): Promise<void> {
    if (this.#stopped) return;
    const started = Date.now();
    const requestId = crypto.randomUUID();
    // Read before the flush: a flush that finds the record deleted ends with the room's storage
    // gone, and the line it then logs must not read a table that no longer exists.
    const actor = this.#c.store.getMeta<EditorSession>(META_EDITOR)?.email ?? null;
    const line = (outcome: "ok" | "refused" | "failed", version?: number) => {
      this.#c.log({ level: "info", requestId, action: "room.flush", actor, collection: this.#c.collection, id: this.#c.id, ...(version === undefined ? {} : { version }), outcome, ms: Date.now() - started });
    };
    try {
      const saved = await this.flush();
      if (saved) {
        line("ok", saved.versionId);
        await this.#recordFlush(requestId, saved);
      }
    } catch (error) {
      if (isHttpError(error)) return line(error.status < 500 ? "refused" : "failed");
      this.#c.log({ level: "error", requestId, action: "room.flush", cause: causeOf(error) });
      line("failed");
    }
  }

  /* After the draft stood: a failure to record is logged, never retried as a failed flush. */
  async #recordFlush(requestId: string, saved: WrittenDraft): Promise<void> {
    const editor = this.#c.store.getMeta<EditorSession>(META_EDITOR);
    const detail = { ...labelOf(saved.snapshot), fields: this.#lastFields };
    await recordActivity(this.#c.env.DB, [
      { kind: "draft.saved", collection: this.#c.collection, recordId: this.#c.id, versionId: saved.versionId, detail, actor: editor ? { id: editor.id, name: editor.name } : null, requestId },
    ]).catch((error: unknown) => this.#c.log({ level: "error", requestId, action: "room.flush", cause: causeOf(error) }));
  }

  /** True when edits have not reached D1 yet. */
  isDirty(): boolean {
    return this.#dirty;
  }

  /** The record is gone: every later flush (and one still waiting for D1) answers 404 and touches nothing. */
  stop(): void {
    this.#stopped = true;
    this.#listing.set(null);
  }

  /** An outside edit, merged and written at once: see `saveOutsideEdit` (`room-outside.ts`). */
  saveEdit(edit: Record<string, unknown>, outside: OutsideEdit): Promise<WrittenDraft> {
    return saveOutsideEdit(this.#c, this, edit, outside);
  }

  /** A restore of version `versionId` from outside: see `restoreOutside` (`room-outside.ts`). */
  restore(versionId: number, outside: OutsideEdit): Promise<WrittenDraft> {
    return restoreOutside(this.#c, this, versionId, outside);
  }

  /** One field, or one leaf inside a json field, from outside: see `saveOutsideField` (`room-outside.ts`). */
  saveField(field: FieldEdit, outside: OutsideEdit): Promise<WrittenDraft> {
    return saveOutsideField(this.#c, this, field, outside);
  }

  /**
   * Writes the document's changed fields as a draft. Flushes run one after another, so a publish
   * that awaits a flush sees every edit acknowledged before it. `null` when there was nothing to write.
   */
  flush(options: FlushOptions = {}): Promise<WrittenDraft | null> {
    const run = () => this.#write(options);
    const next = this.#chain.then(run, run);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #write(options: FlushOptions): Promise<WrittenDraft | null> {
    if (this.#stopped) throw gone(this.#c.id);
    const { store, doc, fields, deps } = this.#c;
    this.#c.beforeRead();
    const editsAtStart = this.#edits;
    const touched = this.#touched;
    this.#touched = new Set();
    const include = new Set(options.include ?? []);
    const read = readFieldsChecked(doc, touched === null ? fields : fields.filter((f) => touched.has(f.name) || include.has(f.name)), deps.mediaBase);
    // Fields that do not reach D1 in this flush are read again by the next one.
    const retouch = (names: Iterable<string>) => {
      if (touched === null) this.#touched = null;
      else if (this.#touched !== null) for (const name of names) this.#touched.add(name);
    };
    const written = store.getMeta<Record<string, unknown>>(META_BASE) ?? {};
    const edit = changedFields(read.values, written);
    for (const name of include) if (Object.hasOwn(read.values, name)) edit[name] = read.values[name];
    retouch(read.failed.map((violation) => violation.path));
    const session = options.session ?? store.getMeta<EditorSession>(META_EDITOR);
    // A field that cannot be read (say, nested past the depth limit) stays pending; the rest is written.
    if (read.failed.length > 0) this.#c.broadcast({ type: "violations", violations: read.failed });
    if ((Object.keys(edit).length === 0 && !options.force) || !session) {
      this.#settled(editsAtStart, read.failed.length > 0);
      return null;
    }
    try {
      const { saved, refused } = await this.#writeValid(session, edit, options.checked ?? {}).catch((error: unknown) => {
        retouch(Object.keys(edit));
        throw error;
      });
      // The record was deleted while D1 wrote: the room's storage is gone, so nothing is recorded.
      if (this.#stopped) throw gone(this.#c.id);
      this.#failures = 0;
      retouch(refused.keys());
      this.#lastFields = Object.keys(edit).filter((name) => !refused.has(name));
      store.setMeta(META_BASE, { ...written, ...pick(read.values, this.#lastFields) });
      this.#settled(editsAtStart, read.failed.length > 0 || refused.size > 0);
      if (store.hasLog()) store.compact(doc);
      this.#c.broadcast({ type: "saved", versionId: saved.versionId });
      await this.#afterWrite();
      const failed = [...refused.keys()].filter((name) => !options.own || options.own.includes(name));
      if (failed.length > 0) throw new LouiseValidationError(failed.flatMap((name) => refused.get(name) ?? []));
      return saved;
    } catch (error) {
      await this.#failed(error);
      throw error;
    }
  }

  /* A failure to refresh the threads' copy is logged, never the draft's failure: the next write refreshes it. */
  async #afterWrite(): Promise<void> {
    try {
      await this.#c.afterWrite?.();
    } catch (error) {
      this.#c.log({ level: "error", requestId: crypto.randomUUID(), action: "room.comments", cause: causeOf(error) });
    }
  }

  /**
   * After a failed write, never a retry at once (the alarm would fire again in a loop): a 404 for a
   * record D1 confirms gone makes the room forget itself; any other refusal (4xx) cannot succeed as it
   * stands, so it waits at the back-off pace for the next edit; anything else (D1 unreachable, a
   * 5xx) is retried after `retryMs`, doubling with each failure in a row up to `retryMaxMs`.
   */
  async #failed(error: unknown): Promise<void> {
    if (this.#stopped) return;
    if (isHttpError(error) && error.status === 404 && (await this.#c.gone())) return;
    if (isHttpError(error) && error.status < 500) return this.#backOff();
    const { retryMs, retryMaxMs } = this.#c.limits;
    this.#failures += 1;
    this.#retryAt(Date.now() + Math.min(retryMs * 2 ** Math.min(this.#failures - 1, 30), retryMaxMs));
  }

  /**
   * Writes `edit` after one run of the rules over the fields not already judged (`checked`); when
   * they refuse fields, writes the others alone (judged again without them, since a site's
   * `validate` may weigh fields together) and reports the refused ones (by their top-level field)
   * with their violations. Throws when nothing valid is left.
   */
  async #writeValid(session: EditorSession, edit: Record<string, unknown>, checked: Record<string, unknown>): Promise<{ saved: WrittenDraft; refused: Map<string, Violation[]> }> {
    const { env, deps, id } = this.#c;
    const unjudged = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).filter(([name, value]) => !Object.hasOwn(checked, name) || JSON.stringify(checked[name]) !== JSON.stringify(value)));
    const judge = async (values: Record<string, unknown>) => {
      const open = unjudged(values);
      if (Object.keys(open).length === 0) return;
      // Values read from the document are handed over as values, not JSON text: the body's depth rule.
      assertJsonDepth(open, "the draft");
      await assertDraftRules(deps, open, "draft");
    };
    try {
      await judge(edit);
      return { saved: await writeDraft(env, deps, session, id, edit), refused: new Map() };
    } catch (error) {
      if (!(error instanceof LouiseValidationError)) throw error;
      this.#c.broadcast({ type: "violations", violations: error.violations });
      const refused = new Map<string, Violation[]>();
      for (const violation of error.violations) {
        const root = rootOf(violation.path);
        refused.set(root, [...(refused.get(root) ?? []), violation]);
      }
      const rest = Object.fromEntries(Object.entries(edit).filter(([name]) => !refused.has(name)));
      if (Object.keys(rest).length === 0 || refused.size === 0) {
        this.#backOff();
        throw error;
      }
      await judge(rest);
      return { saved: await writeDraft(env, deps, session, id, rest), refused };
    }
  }

  /**
   * After a write (or a flush with nothing to write): clean only when no edit arrived while it ran
   * and every field reached D1; otherwise the dirty mark stays and the settle timer is re-armed
   * (or backed off when fields were refused, until the next edit).
   */
  #settled(editsAtStart: number, pending: boolean): void {
    if (pending) {
      this.#backOff();
    } else if (this.#edits === editsAtStart) {
      this.#dirty = false;
      this.#backedOff = false;
      if (this.#c.store.getMeta<number>(META_DIRTY) !== null) {
        this.#c.store.deleteMeta(META_DIRTY);
        this.#listing.set(null);
      }
      // Re-armed so the alarm the edit set for the settle does not wake the room with nothing due.
      if (this.#c.store.dropTimer(SETTLE)) this.#c.arm();
    } else {
      this.#c.store.setTimer(SETTLE, Date.now() + this.#c.limits.settleMs);
      this.#c.arm();
    }
  }

  /** Invalid content waits for the editors to fix it: retried at the back-off pace, sooner on the next edit. */
  #backOff(): void {
    this.#backedOff = true;
    this.#dirty = true;
    this.#c.store.setTimer(SETTLE, Date.now() + this.#c.limits.invalidRetryMs);
    this.#markDirty(Date.now());
    this.#c.arm();
  }

  #retryAt(at: number): void {
    this.#dirty = true;
    this.#markDirty(Date.now());
    this.#c.store.setTimer(SETTLE, at);
    this.#c.arm();
  }
}

/* The named values that `values` has (a violation may name a field the write did not touch). */
function pick(values: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => Object.hasOwn(values, name)).map((name) => [name, values[name]]));
}

function gone(id: number): HttpError {
  return new HttpError(404, `page ${id} was deleted`, { code: "not_found" });
}
