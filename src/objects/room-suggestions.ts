import * as Y from "yjs";
import { HttpError } from "../shared/errors";
import { orderedItems, POSITION_KEY, reorder } from "../shared/entry-order";
import {
  BLOCK_RETYPE,
  BLOCK_SUGGESTIONS,
  ENTRY_PROPOSED_POSITION,
  ENTRY_SUGGESTION,
  readSuggestionMeta,
  SUGGEST_DELETE,
  SUGGEST_INSERT,
  SUGGESTIONS_ROOT,
  type BlockType,
  type SuggestionDecision,
  type SuggestionMeta,
  type SuggestionView,
} from "../shared/review-suggestions";
import { openSuggestionOf } from "../shared/suggestion-draft";
import { blockWords } from "./room-block-join";
import { blockTypeOf, settleBlocks, type MarkedBlock } from "./room-block-settle";
import type { RoomField } from "./room-document";

/*
 * Settling suggestions in the room's document (docs/room-protocol.md, "Review: comments and
 * suggestions"). The room is the only one that settles: accepting applies exactly the proposed
 * change (marks removed from proposed text, text proposed for deletion deleted, a split block's
 * `cms:split` dropped, a block proposed to join the one before joined to it, a retyped block's
 * `cms:retype` dropped, an added entry kept, a removed one deleted, a move's position taken),
 * rejecting undoes it (room-block-settle.ts for blocks), and the metadata
 * entry goes, all in one transaction. The caller runs it synchronously under the room's lock
 * after checking that the suggestion is open, so two accepts at once apply it exactly once.
 */

/**
 * The open suggestions of a document, oldest first, each with its words (and a retype with the
 * block's type now, `to`).
 *
 * @example
 * openSuggestions(doc, fields) // [{ id: "s1", kind: "insert", field: "title", author: "3", authorName: "Ann", at: "…", text: " soon" }]
 */
export function openSuggestions(doc: Y.Doc, fields: readonly RoomField[]): SuggestionView[] {
  if (!doc.share.has(SUGGESTIONS_ROOT)) return [];
  const words = new Map<string, string>();
  const types = new Map<string, BlockType>();
  walk(doc, fields, {
    text(text, names) {
      for (const run of runs(text, names)) for (const id of [run.insert, run.delete]) if (id !== null) words.set(id, (words.get(id) ?? "") + run.text);
    },
    entry() {},
    block(element, attribute, id) {
      words.set(id, blockWords(element));
      const type = attribute === BLOCK_RETYPE ? blockTypeOf(element) : null;
      if (type) types.set(id, type);
    },
  });
  const views: SuggestionView[] = [];
  for (const [id, value] of doc.getMap<unknown>(SUGGESTIONS_ROOT)) {
    const meta = readSuggestionMeta(value instanceof Y.Map ? value.toJSON() : value);
    if ("problem" in meta) continue;
    const to = types.get(id);
    views.push({ id, ...meta, text: words.get(id) ?? describe(meta), ...(to ? { to } : {}) });
  }
  return views.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * The open suggestions nothing in the document marks any more (no text mark, block attribute or
 * entry key names them): an undo took back their content.
 *
 * @example
 * unmarkedSuggestions(doc, fields) // ["s1"]
 */
export function unmarkedSuggestions(doc: Y.Doc, fields: readonly RoomField[]): string[] {
  if (!doc.share.has(SUGGESTIONS_ROOT)) return [];
  const used = new Set<string>();
  walk(doc, fields, {
    text(text, names) {
      for (const run of runs(text, names)) for (const id of [run.insert, run.delete]) if (id !== null) used.add(id);
    },
    entry(entry) {
      const id = entry.get(ENTRY_SUGGESTION);
      if (typeof id === "string") used.add(id);
    },
    block(_element, _attribute, id) {
      used.add(id);
    },
  });
  return [...doc.getMap<unknown>(SUGGESTIONS_ROOT).keys()].filter((id) => !used.has(id));
}

/**
 * How many suggestions are open on the page.
 *
 * @example
 * openSuggestionCount(doc) // 3
 */
export function openSuggestionCount(doc: Y.Doc): number {
  return doc.share.has(SUGGESTIONS_ROOT) ? doc.getMap(SUGGESTIONS_ROOT).size : 0;
}

/**
 * The metadata of open suggestion `id`; a 409 `suggestion_settled` once it was accepted or
 * rejected, a 404 `suggestion_not_found` when the page never had it.
 *
 * @example
 * const meta = openSuggestion(doc, "s1");
 */
export function openSuggestion(doc: Y.Doc, id: string): SuggestionMeta {
  const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
  const value = root.get(id);
  if (value !== undefined) {
    const meta = readSuggestionMeta(value instanceof Y.Map ? value.toJSON() : value);
    if (!("problem" in meta)) return meta;
  }
  // `_map` keeps a deleted key's last item: the id was used and settled.
  if (root._map.has(id)) throw new HttpError(409, `suggestion ${id} is already settled`, { code: "suggestion_settled" });
  throw new HttpError(404, `no suggestion ${id} on this page`, { code: "suggestion_not_found" });
}

/**
 * Accepts or rejects the open suggestions `ids` in one transaction with `origin`: each one's
 * change applied or undone wherever its marks are, then its metadata deleted. Returns the fields
 * (roots) whose content changed. The caller has checked that each is open.
 *
 * @example
 * settleSuggestions(doc, fields, ["s1"], "accept", new RestEdit(session)); // ["title"]
 */
export function settleSuggestions(doc: Y.Doc, fields: readonly RoomField[], ids: readonly string[], decision: SuggestionDecision, origin: unknown): string[] {
  const wanted = new Set(ids);
  const isOpen = openSuggestionOf(doc);
  const metas = new Map(ids.map((id) => [id, openSuggestion(doc, id)]));
  const touched = new Set<string>();
  const blocks: MarkedBlock[] = [];
  doc.transact(() => {
    walk(doc, fields, {
      block(element, attribute, id, root) {
        blocks.push({ element, attribute, id, root });
      },
      text(text, names, root) {
        // From the end, so each run's index still holds when the ones after it are deleted.
        for (const run of runs(text, names).reverse()) {
          const insert = run.insert !== null && wanted.has(run.insert);
          const remove = run.delete !== null && wanted.has(run.delete);
          if (!insert && !remove) {
            sweep(text, run, names, isOpen);
            continue;
          }
          touched.add(root);
          // Accepting an insertion keeps its text and rejecting a deletion keeps its text: only the mark goes.
          const keep = insert ? decision === "accept" : decision === "reject";
          if (keep) text.format(run.index, run.text.length, { [insert ? names.insert : names.delete]: null });
          else text.delete(run.index, run.text.length);
        }
      },
      entry(entry, array, root) {
        const id = entry.get(ENTRY_SUGGESTION);
        if (typeof id !== "string" || !wanted.has(id)) return;
        touched.add(root);
        const kind = metas.get(id)?.kind;
        const proposed = entry.get(ENTRY_PROPOSED_POSITION);
        const drop = (kind === "add" && decision === "reject") || (kind === "remove" && decision === "accept");
        if (drop) return array.delete(array.toArray().indexOf(entry), 1);
        if (kind === "move" && decision === "accept" && typeof proposed === "string") {
          // Entries without a key read in array order, inheriting the key before them: they get
          // their own keys first (in the order they read), so the proposed key places only this one.
          reorder(array, orderedItems(array), new Set());
          entry.set(POSITION_KEY, proposed);
        }
        entry.delete(ENTRY_SUGGESTION);
        if (proposed !== undefined) entry.delete(ENTRY_PROPOSED_POSITION);
      },
    });
    // After the texts, so a block joined back or given its type back carries its words as this settle left them.
    for (const root of settleBlocks(blocks, metas, decision, isOpen)) touched.add(root);
    const root = doc.getMap<unknown>(SUGGESTIONS_ROOT);
    for (const id of ids) root.delete(id);
  }, origin);
  return [...touched];
}

/*
 * Marks of suggestions no longer open (an edit made while the room settled one can leave them:
 * concurrent formatting in Yjs restores an attribute it saw) are inert; a settle clears them.
 */
function sweep(text: Y.Text, run: Run, names: MarkNames, isOpen: (id: string) => boolean): void {
  const stale: Record<string, null> = {};
  if (run.insert !== null && !isOpen(run.insert)) stale[names.insert] = null;
  if (run.delete !== null && !isOpen(run.delete)) stale[names.delete] = null;
  if (Object.keys(stale).length > 0) text.format(run.index, run.text.length, stale);
}

/** The attribute names of proposed and struck text: `cms:ins`/`cms:del` in plain text, the marks in rich text. */
interface MarkNames {
  insert: string;
  delete: string;
}

const PLAIN: MarkNames = { insert: SUGGEST_INSERT, delete: SUGGEST_DELETE };
const RICH: MarkNames = { insert: "insertion", delete: "deletion" };

interface Visitor {
  text(text: Y.Text, names: MarkNames, root: string): void;
  /** An entry of a list, before its values are visited (it may be deleted). */
  entry(entry: Y.Map<unknown>, array: Y.Array<unknown>, root: string): void;
  /** A rich-text block carrying a block suggestion attribute (`cms:split`, `cms:join`, `cms:retype`) naming `id`. */
  block(element: Y.XmlElement, attribute: string, id: string, root: string): void;
}

/* Every text and entry of the document's fields: plain roots, rich fragments, lists (nested too). */
function walk(doc: Y.Doc, fields: readonly RoomField[], visit: Visitor): void {
  for (const field of fields) {
    if (field.list) walkList(doc.getArray(field.name), field.name, visit);
    else if (field.type === "text") visit.text(doc.getText(field.name), PLAIN, field.name);
    else if (field.type === "richtext") walkRich(doc.getXmlFragment(field.name), field.name, visit);
  }
}

function walkList(array: Y.Array<unknown>, root: string, visit: Visitor): void {
  for (const item of array.toArray()) {
    if (!(item instanceof Y.Map)) continue;
    visit.entry(item, array, root);
    // A deleted entry is gone with its texts.
    if (item._item?.deleted) continue;
    for (const value of item.values()) {
      if (value instanceof Y.Text) visit.text(value, PLAIN, root);
      else if (value instanceof Y.Array) walkList(value, root, visit);
    }
  }
}

function walkRich(parent: Y.XmlFragment | Y.XmlElement, root: string, visit: Visitor): void {
  for (const child of parent.toArray()) {
    if (child instanceof Y.XmlText) visit.text(child, RICH, root);
    else if (child instanceof Y.XmlElement) {
      for (const attribute of BLOCK_SUGGESTIONS.keys()) {
        const id = child.getAttribute(attribute);
        if (typeof id === "string") visit.block(child, attribute, id, root);
      }
      walkRich(child, root, visit);
    }
  }
}

interface Run {
  index: number;
  text: string;
  insert: string | null;
  delete: string | null;
}

/* A text's runs that carry a suggestion, with their index. */
function runs(text: Y.Text, names: MarkNames): Run[] {
  const out: Run[] = [];
  let index = 0;
  for (const op of text.toDelta() as { insert?: unknown; attributes?: Record<string, unknown> }[]) {
    const length = typeof op.insert === "string" ? op.insert.length : 1;
    const insert = idOf(op.attributes?.[names.insert]);
    const remove = idOf(op.attributes?.[names.delete]);
    if (typeof op.insert === "string" && (insert !== null || remove !== null)) out.push({ index, text: op.insert, insert, delete: remove });
    index += length;
  }
  return out;
}

/* A plain attribute's value is the id; a rich mark's attributes hold it as `id`. */
function idOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value !== null && typeof value === "object") {
    const id = (value as Record<string, unknown>).id;
    return typeof id === "string" ? id : null;
  }
  return null;
}

function describe(meta: SuggestionMeta): string {
  const where = meta.field;
  switch (meta.kind) {
    case "add":
      return `adds ${where}`;
    case "remove":
      return `removes ${where}`;
    case "move":
      return `moves ${where}`;
    default:
      return "";
  }
}
