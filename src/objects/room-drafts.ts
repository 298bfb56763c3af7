import type * as Y from "yjs";
import { applySaveDraft, type DraftDeps, type SavedDraft } from "../cores/drafts";
import { isHttpError, LouiseValidationError } from "../shared/errors";
import type { EditorSession } from "../shared/session";
import type { RoomEnv, RoomLimits } from "./room-config";
import { validateFields } from "../cores/validate-fields";
import { changedFields, mergeFields, readFields, type RoomField } from "./room-document";
import type { RoomStore } from "./room-store";
import type { RoomEvent } from "../shared/room-protocol";

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
}

/** Options of one flush. */
export interface FlushOptions {
  /** Who the draft is attributed to; default the editor of the latest edit. */
  session?: EditorSession;
  /** Field names to write even when unchanged since the last flush (a REST save names its fields). */
  include?: string[];
  /** Write a version even when nothing changed (a REST save always answers with a version). */
  force?: boolean;
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
 * @example
 * const drafts = new RoomDrafts(context);
 * drafts.edited(editor, Date.now());      // on every accepted update
 * await drafts.flush();                    // settle, last leave, before publish
 */
export class RoomDrafts {
  readonly #c: RoomDraftsContext;
  #chain: Promise<unknown> = Promise.resolve();
  #dirty: boolean;
  #lastEditAt = 0;
  #lastEditorId: string | null = null;

  constructor(context: RoomDraftsContext) {
    this.#c = context;
    this.#dirty = context.store.getMeta<number>(META_DIRTY) !== null;
  }

  /** Remembers the current fields as written (after seeding, or after D1 changed underneath). */
  resetBase(): void {
    this.#c.store.setMeta(META_BASE, readFields(this.#c.doc, this.#c.fields, this.#c.deps.mediaBase));
  }

  /** The fields as last written to D1 (or seeded): the base a REST edit is merged against. */
  base(): Record<string, unknown> | null {
    return this.#c.store.getMeta<Record<string, unknown>>(META_BASE);
  }

  /** Records an accepted edit: who made it, when, and (on the first since a flush) arms the settle timer. */
  edited(editor: EditorSession | null, now: number): void {
    this.#lastEditAt = now;
    if (editor && editor.id !== this.#lastEditorId) {
      this.#c.store.setMeta(META_EDITOR, editor);
      this.#lastEditorId = editor.id;
    }
    if (this.#dirty) return;
    this.#dirty = true;
    this.#c.store.setMeta(META_DIRTY, now);
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
    try {
      await this.flush();
    } catch (error) {
      if (!isHttpError(error)) console.error("page room: draft write failed", error);
    }
  }

  /** True when edits have not reached D1 yet. */
  isDirty(): boolean {
    return this.#dirty;
  }

  /**
   * A REST or service-binding edit: validated as a draft (violations are told to the room),
   * merged into the live document against the last-written base (text as minimal edits, so live
   * typing elsewhere is kept), then written at once. `origin` marks the transaction as this edit.
   */
  async saveEdit(session: EditorSession, edit: Record<string, unknown>, origin: unknown): Promise<SavedDraft> {
    const { deps, fields } = this.#c;
    const clean = Object.fromEntries(Object.entries(edit).filter(([name]) => fields.some((f) => f.name === name)));
    try {
      const violations = validateFields(clean, deps.config.fields, "draft");
      if (violations.length > 0) throw new LouiseValidationError(violations);
      await deps.validate?.(clean, { operation: "draft" });
    } catch (error) {
      if (error instanceof LouiseValidationError) this.#c.broadcast({ type: "violations", violations: error.violations });
      throw error;
    }
    mergeFields(this.#c.doc, fields, clean, origin, this.base());
    return (await this.flush({ session, include: Object.keys(clean), force: true })) as SavedDraft;
  }

  /**
   * Writes the document's changed fields as a draft. Flushes run one after another, so a publish
   * that awaits a flush sees every edit acknowledged before it. `null` when there was nothing to write.
   */
  flush(options: FlushOptions = {}): Promise<SavedDraft | null> {
    const run = () => this.#write(options);
    const next = this.#chain.then(run, run);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  async #write(options: FlushOptions): Promise<SavedDraft | null> {
    const { store, doc, fields, deps } = this.#c;
    const current = readFields(doc, fields, deps.mediaBase);
    const edit = changedFields(current, store.getMeta<Record<string, unknown>>(META_BASE));
    for (const name of options.include ?? []) if (Object.hasOwn(current, name)) edit[name] = current[name];
    this.#markClean();
    if (Object.keys(edit).length === 0 && !options.force) return null;
    const session = options.session ?? store.getMeta<EditorSession>(META_EDITOR);
    if (!session) return null;
    try {
      const saved = await applySaveDraft(this.#c.env, deps, session, this.#c.id, edit);
      store.setMeta(META_BASE, current);
      if (store.hasLog()) store.compact(doc);
      this.#c.broadcast({ type: "saved", versionId: saved.versionId });
      return saved;
    } catch (error) {
      if (error instanceof LouiseValidationError) {
        // Not retried: the next edit arms a new settle window and tries again.
        this.#c.broadcast({ type: "violations", violations: error.violations });
      } else if (!isHttpError(error)) {
        this.#markDirty(Date.now() + this.#c.limits.retryMs);
      }
      throw error;
    }
  }

  #markClean(): void {
    this.#dirty = false;
    this.#c.store.deleteMeta(META_DIRTY);
    this.#c.store.clearTimer(SETTLE);
  }

  #markDirty(retryAt: number): void {
    this.#dirty = true;
    this.#c.store.setMeta(META_DIRTY, Date.now());
    this.#c.store.setTimer(SETTLE, retryAt);
    this.#c.arm();
  }
}
