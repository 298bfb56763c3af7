/*
 * The names of suggestions in a page room's document (docs/room-protocol.md, "Review: comments and
 * suggestions"), shared by the room, the routes and the browser editor:
 *
 *   doc.getMap("cms:suggestions")   suggestion id -> Y.Map { kind, field, author, authorName, at },
 *                                   written by the suggesting client with the marked content
 *   Y.Text (plain fields, text      formatting attributes `cms:ins` = id (proposed text) and
 *   fields of list entries)         `cms:del` = id (text proposed for deletion, still present)
 *   rich text                       the marks `insertion` / `deletion` / `modification` of
 *                                   @handlewithcare/prosemirror-suggest-changes, `id` = the id
 *   a rich-text block (paragraph,   node attribute `cms:split` = id (split off the block before it
 *   heading)                        by suggestion id), `cms:join` = id (proposed to join the block
 *                                   before it) or `cms:retype` = id (made a paragraph or a heading of
 *                                   another level; the suggestion's `from` holds the type it had)
 *   an entry of a list              `cms:suggest` = id (an add or a remove), with `cms:pos` = the
 *                                   proposed position key for a move
 *
 * A root name holds a colon, which no field name can, so it never meets a field.
 */

/** The root map of open suggestions: `doc.getMap(SUGGESTIONS_ROOT)`. */
export const SUGGESTIONS_ROOT = "cms:suggestions";

/** Y.Text formatting attribute of proposed (inserted) text; its value is the suggestion id. */
export const SUGGEST_INSERT = "cms:ins";

/** Y.Text formatting attribute of text proposed for deletion; its value is the suggestion id. */
export const SUGGEST_DELETE = "cms:del";

/** Entry key naming the open add, remove or move of a list entry; its value is the suggestion id. */
export const ENTRY_SUGGESTION = "cms:suggest";

/** Entry key holding a proposed move's position key; the entry keeps its `_pos` until accepted. */
export const ENTRY_PROPOSED_POSITION = "cms:pos";

/**
 * Node attribute of a rich-text block split off the block before it by an open suggestion (the
 * draft reads the two as one block); its value is the suggestion id.
 */
export const BLOCK_SPLIT = "cms:split";

/** Node attribute of a rich-text block proposed to join the block before it; its value is the suggestion id. */
export const BLOCK_JOIN = "cms:join";

/**
 * Node attribute of a rich-text block whose type an open suggestion changed (a paragraph made a
 * heading, a heading's level, a heading made a paragraph); its value is the suggestion id, whose
 * metadata's `from` holds the type and attributes the block had (and the draft keeps).
 */
export const BLOCK_RETYPE = "cms:retype";

/** The block attributes of suggestions, with the kind each one's suggestion has. */
export const BLOCK_SUGGESTIONS: ReadonlyMap<string, SuggestionKind> = new Map([
  [BLOCK_SPLIT, "split"],
  [BLOCK_JOIN, "join"],
  [BLOCK_RETYPE, "retype"],
]);

/** A type a retype suggestion may change a block from or to, with that type's own attributes. */
export type BlockType = { type: "paragraph"; attrs: Record<string, never> } | { type: "heading"; attrs: { level: number } };

/** The heading levels a block type may hold: what the room's guard lets a peer set. */
const MAX_HEADING_LEVEL = 6;

/**
 * The block type of a node by its type name and `level`, as a retype's `from` and `to` spell it,
 * or null for a node that is no paragraph or heading. A level outside 1–6 reads as 1.
 *
 * @example
 * blockTypeNamed("heading", 3); // { type: "heading", attrs: { level: 3 } }
 * blockTypeNamed("paragraph", undefined); // { type: "paragraph", attrs: {} }
 */
export function blockTypeNamed(name: string, level: unknown): BlockType | null {
  if (name === "paragraph") return { type: "paragraph", attrs: {} };
  if (name !== "heading") return null;
  const n = Number(level);
  return { type: "heading", attrs: { level: Number.isInteger(n) && n >= 1 && n <= MAX_HEADING_LEVEL ? n : 1 } };
}

/**
 * Whether two block types are the same type with the same attributes.
 *
 * @example
 * sameBlockType({ type: "heading", attrs: { level: 2 } }, { type: "heading", attrs: { level: 3 } }); // false
 */
export function sameBlockType(a: BlockType, b: BlockType): boolean {
  return a.type === b.type && (a.type === "paragraph" || a.attrs.level === (b as typeof a).attrs.level);
}

/**
 * A block type from plain JSON (a retype suggestion's `from`), or null when it is not one: a
 * paragraph (no attributes) or a heading with its `level` (a whole number 1 to 6).
 *
 * @example
 * readBlockType({ type: "heading", attrs: { level: 2 } }); // { type: "heading", attrs: { level: 2 } }
 * readBlockType({ type: "heading", attrs: {} }); // null
 */
export function readBlockType(value: unknown): BlockType | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const { type, attrs, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || attrs === null || typeof attrs !== "object" || Array.isArray(attrs)) return null;
  const keys = Object.keys(attrs);
  if (type === "paragraph") return keys.length === 0 ? { type, attrs: {} } : null;
  const level = (attrs as Record<string, unknown>).level;
  if (type !== "heading" || keys.length !== 1 || !Number.isInteger(level) || (level as number) < 1 || (level as number) > MAX_HEADING_LEVEL) return null;
  return { type, attrs: { level: level as number } };
}

/** The rich-text marks of suggestions, as `richSchema` names them. */
export const SUGGESTION_MARKS = ["insertion", "deletion", "modification"] as const;

/** What a suggestion proposes. */
export const SUGGESTION_KINDS = ["insert", "delete", "format", "split", "join", "retype", "add", "remove", "move"] as const;

/** What a suggestion proposes: text (`insert`, `delete`, `format`), rich-text blocks (`split`, `join`, `retype`) or an entry of a list (`add`, `remove`, `move`). */
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The metadata of one open suggestion, the value of its entry in `cms:suggestions`. */
export interface SuggestionMeta {
  kind: SuggestionKind;
  /** A field address without collection and key: `title`, `body`, `sections.<entryId>.heading`. */
  field: string;
  /** The editor's id: a number where the site's ids are numeric, else the id as text. */
  author: number | string;
  authorName: string;
  /** When it was made (ISO 8601). */
  at: string;
  /** A `retype`'s block as it was (and as the draft reads it while the suggestion is open); only a `retype` has it. */
  from?: BlockType;
}

/** The keys of a suggestion's metadata every suggestion has. */
export const SUGGESTION_META_KEYS: readonly (keyof SuggestionMeta)[] = ["kind", "field", "author", "authorName", "at"];

/** The key of a `retype`'s block as it was: required on a `retype`, on no other kind. */
export const RETYPE_FROM = "from";

/**
 * Why a suggestion of `kind` does or does not hold a `from` it should, or `null`.
 *
 * @example
 * retypeFromProblem("retype", false); // "a retype suggestion needs its from"
 */
export function retypeFromProblem(kind: unknown, hasFrom: boolean): string | null {
  if (kind === "retype") return hasFrom ? null : "a retype suggestion needs its from";
  return hasFrom ? "only a retype suggestion has a from" : null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z0-9_-]{1,64}){0,8}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether a value is a suggestion id: 1 to 64 letters, digits, `_` or `-`.
 *
 * @example
 * isSuggestionId("s-k3v9"); // true
 * isSuggestionId(7); // false: ids are text (the package's numeric counter collides between clients)
 */
export function isSuggestionId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

/**
 * Why one key of a suggestion's metadata holds a value it may not, or `null`.
 *
 * @example
 * suggestionValueProblem("kind", "insert"); // null
 * suggestionValueProblem("kind", "rewrite"); // "kind is one of insert, delete, format, split, join, retype, add, remove, move"
 */
export function suggestionValueProblem(key: string, value: unknown): string | null {
  switch (key) {
    case "kind":
      return (SUGGESTION_KINDS as readonly unknown[]).includes(value) ? null : `kind is one of ${SUGGESTION_KINDS.join(", ")}`;
    case "field":
      return typeof value === "string" && FIELD.test(value) ? null : "field is a field address such as title or sections.<entryId>.heading";
    case "author":
      return (typeof value === "number" && Number.isSafeInteger(value)) || (typeof value === "string" && value.length > 0 && value.length <= 128) ? null : "author is the editor's id";
    case "authorName":
      return typeof value === "string" && value.length <= 200 ? null : "authorName is text up to 200 characters";
    case "at":
      return typeof value === "string" && ISO.test(value) ? null : "at is an ISO 8601 time";
    case RETYPE_FROM:
      return readBlockType(value) ? null : 'from is the block as it was: { type: "paragraph", attrs: {} } or { type: "heading", attrs: { level } }';
    default:
      return `a suggestion has no ${JSON.stringify(key)}`;
  }
}

/**
 * A suggestion's metadata from plain JSON (an entry of `cms:suggestions` read with `toJSON()`), or
 * why it is not one.
 *
 * @example
 * readSuggestionMeta({ kind: "insert", field: "title", author: 3, authorName: "Ada", at: "2026-11-28T16:00:00Z" });
 */
export function readSuggestionMeta(value: unknown): SuggestionMeta | { problem: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { problem: "a suggestion is a map" };
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (key !== RETYPE_FROM && !SUGGESTION_META_KEYS.includes(key as keyof SuggestionMeta)) return { problem: `a suggestion has no ${JSON.stringify(key)}` };
  for (const key of [...SUGGESTION_META_KEYS, ...(RETYPE_FROM in record ? [RETYPE_FROM] : [])]) {
    const problem = suggestionValueProblem(key, record[key]);
    if (problem) return { problem };
  }
  const fromProblem = retypeFromProblem(record.kind, RETYPE_FROM in record);
  return fromProblem ? { problem: fromProblem } : (record as unknown as SuggestionMeta);
}

/** Accept or reject. */
export type SuggestionDecision = "accept" | "reject";

/** An open suggestion as the REST listing shows it; `text` is the proposed or struck words, or a description. */
export interface SuggestionView extends SuggestionMeta {
  id: string;
  text: string;
  /** A `retype`'s block as the suggestion makes it (the block's type now). */
  to?: BlockType;
}

/** Which suggestions to settle: one by id, or every open one (of one `author`, when given). */
export type SettleTarget = { id: string } | { all: true; author?: string };

/** What a settle did: the suggestions settled, how many stay open, the draft version written (`null` when the draft did not change). */
export interface SettledSuggestions {
  decision: SuggestionDecision;
  settled: string[];
  openSuggestions: number;
  versionId: number | null;
}
