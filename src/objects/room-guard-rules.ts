import * as Y from "yjs";
import type { CollectionField } from "../cores/collection";
import type { ListShape } from "../cores/list-shape";
import { isMediaUrl } from "../cores/sanitize";
import { fieldValueProblem } from "../cores/field-types";
import { isEntryId } from "../shared/entry-id";
import { POSITION_KEY } from "../shared/entry-order";
import { isPositionKey } from "../shared/position-key";
import { BLOCK_JOIN, BLOCK_RETYPE, BLOCK_SPLIT, ENTRY_PROPOSED_POSITION, ENTRY_SUGGESTION, isSuggestionId, SUGGEST_DELETE, SUGGEST_INSERT, SUGGESTION_MARKS } from "../shared/review-suggestions";
import { readDimension, richSchema } from "../shared/rich-schema";
import { isSafeLinkUrl, isSafeUrl } from "../shared/safe-url";

/*
 * What each place of the room document may hold, item by item: the rules `refusedUpdate` applies
 * once it knows where an item sits. URLs and attribute values follow the sanitizer's rules
 * (`isSafeUrl`, `isSafeLinkUrl`, `isMediaUrl` under the strict media rule, `readDimension`), so
 * nothing the room accepts is something saving would drop.
 */

/**
 * What sits at a place: a plain text, a rich-text fragment, the `json` map, a list of entries, one
 * entry, a root only the room itself writes (`cms:comments`), or the suggestions' metadata.
 */
export type PlaceKind = "text" | "richtext" | "json" | "list" | "entry" | "room" | "suggestions";

/** Where an item of an update sits. `list` is the shape of the list (for a list or an entry of it). */
export interface Place {
  root: string;
  kind: PlaceKind;
  element: string | null;
  depth: number;
  list: ListShape | null;
}

/** What the rules need besides the item: the fields held as plain values (with their declarations), list fields, and the media base. */
export interface GuardContext {
  plainJson: ReadonlyMap<string, CollectionField>;
  lists: ReadonlySet<string>;
  /** Plain-value fields whose live column is NOT NULL. */
  notNull: ReadonlySet<string>;
  mediaBase: string | undefined;
}

/** Attributes each rich-text node may carry (what y-prosemirror writes for `richSchema`). */
const NODE_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(richSchema.nodes).map(([name, type]) => [name, new Set(Object.keys(type.spec.attrs ?? {}))]),
);
/** Attributes each mark may carry. */
const MARK_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(richSchema.marks).map(([name, type]) => [name, new Set(Object.keys(type.spec.attrs ?? {}))]),
);
/** Heading levels a peer may set: what the sanitizer writes (`h1`–`h4`) and the two the editor may clamp. */
const MAX_LEVEL = 6;

/**
 * Why an item at `place` (with map key `sub`, if any) is refused, or `null`.
 *
 * @example
 * refusedContent(item, "heading", place, context) // "sections: an entry's heading holds text only"
 */
export function refusedContent(item: Y.Item, sub: string | null, place: Place, context: GuardContext): string | null {
  const content = item.content;
  if (content instanceof Y.ContentDeleted) return null;
  switch (place.kind) {
    case "text":
      if (content instanceof Y.ContentFormat) return refusedTextSuggestion(place, content);
      return content instanceof Y.ContentString ? null : `${place.root} holds plain text only`;
    case "richtext":
      return refusedRich(place, sub, content, context.mediaBase);
    case "json":
      return refusedJsonValue(place, sub, content, context);
    case "list":
      return sub === null && content instanceof Y.ContentType && content.type instanceof Y.Map ? null : `${place.root} holds entries (Y.Map) only`;
    case "entry":
      return sub === null ? `${place.root}: an entry holds named fields only` : refusedEntryValue(place, sub, content, context.mediaBase);
    case "room":
      return roomOnlyWords(place.root);
    case "suggestions":
      // Judged with the connection's editor by `refusedSuggestionUpdate`.
      return null;
  }
}

/**
 * Why a client may not write a root the room alone writes.
 *
 * @example
 * roomOnlyWords("cms:comments") // "cms:comments is written by the room only (comments go through …/comments)"
 */
export function roomOnlyWords(root: string): string {
  return `${root} is written by the room only (comments go through /api/cms/<collection>/<id>/comments)`;
}

/** Plain text carries no formatting but the suggestion attributes, each naming a suggestion (or `null`, ending one). */
function refusedTextSuggestion(place: Place, content: Y.ContentFormat): string | null {
  if (content.key !== SUGGEST_INSERT && content.key !== SUGGEST_DELETE) return `${place.root} holds plain text only`;
  return content.value === null || isSuggestionId(content.value) ? null : `${place.root}: ${content.key} must name a suggestion id (1 to 64 letters, digits, _ or -)`;
}

function refusedJsonValue(place: Place, sub: string | null, content: Content, context: GuardContext): string | null {
  if (place.depth > 0) return `${place.root}: a json value is replaced whole, never edited inside`;
  if (sub === null) return `${place.root} holds named fields only`;
  if (context.lists.has(sub)) return `${sub} is a list: its entries live in doc.getArray(${JSON.stringify(sub)})`;
  const def = context.plainJson.get(sub);
  if (!def) return `no json field named ${JSON.stringify(sub)} in this collection`;
  const value = atomic(content);
  if (!(content instanceof Y.ContentAny) || value === NOT_ATOMIC) return `${sub} holds one JSON value`;
  if (value === null) return context.notNull.has(sub) ? `${sub} cannot be null: its column holds a value` : null;
  if (def.type === "json") return null;
  const problem = fieldValueProblem(def, value, context.mediaBase);
  return problem ? `${sub} ${problem.message}` : null;
}

function refusedEntryValue(place: Place, key: string, content: Content, mediaBase: string | undefined): string | null {
  const at = `${place.root}: an entry's ${key}`;
  const list = place.list as ListShape;
  const value = atomic(content);
  if (key === "id") return isEntryId(value) ? null : `${at} is 1 to 64 letters, digits, _ or -`;
  if (key === POSITION_KEY || key === ENTRY_PROPOSED_POSITION) return isPositionKey(value) ? null : `${at} is a position key: 1 to 64 letters and digits, not ending in 0`;
  if (key === ENTRY_SUGGESTION) return isSuggestionId(value) ? null : `${at} must name a suggestion id (1 to 64 letters, digits, _ or -)`;
  if (key === "type") {
    return typeof value === "string" && (list.types === null || list.types.has(value)) ? null : `${at}: no kind ${JSON.stringify(value)} in the catalog`;
  }
  const field = list.fields.get(key);
  if (!field) return `${place.root}: entries have no field ${JSON.stringify(key)}`;
  if (field.kind === "text") return content instanceof Y.ContentType && content.type instanceof Y.Text ? null : `${at} holds text (Y.Text) only`;
  if (field.kind === "list") return content instanceof Y.ContentType && content.type instanceof Y.Array ? null : `${at} is a list (Y.Array of entries)`;
  if (value === NOT_ATOMIC) return `${at} holds one value`;
  const problem = fieldValueProblem(field.def, value, mediaBase);
  return problem ? `${at} ${problem.message}` : null;
}

const NOT_ATOMIC = Symbol("not-atomic");

type Content = Y.Item["content"];

/** The one value of a map entry's content, or {@link NOT_ATOMIC} when it is a type, several values, or binary. */
function atomic(content: Content): unknown {
  return content instanceof Y.ContentAny && content.arr.length === 1 ? content.arr[0] : NOT_ATOMIC;
}

function refusedRich(place: Place, sub: string | null, content: Content, mediaBase: string | undefined): string | null {
  if (sub !== null) return refusedAttribute(place, sub, content, mediaBase);
  if (content instanceof Y.ContentFormat) return refusedMark(place, content.key, content.value);
  if (content instanceof Y.ContentType) {
    const type = content.type;
    if (type instanceof Y.XmlElement) return isNodeName(type.nodeName) ? null : `${place.root}: no node type ${JSON.stringify(type.nodeName)}`;
    return type instanceof Y.XmlText ? null : `${place.root} holds rich-text nodes only`;
  }
  return content instanceof Y.ContentString ? null : `${place.root}: content the rich-text schema does not have`;
}

function refusedAttribute(place: Place, name: string, content: Content, mediaBase: string | undefined): string | null {
  const allowed = place.element === null ? undefined : NODE_ATTRIBUTES.get(place.element);
  if (!allowed?.has(name)) return `${place.root}: ${place.element ?? "text"} has no attribute ${JSON.stringify(name)}`;
  const value = atomic(content);
  const bad = `${place.root}: ${place.element} ${name} ${JSON.stringify(value === NOT_ATOMIC ? "…" : value)} is not a value the schema allows`;
  switch (name) {
    case "src":
      // A figure's empty picture (the schema's default) is never written out; an inline image needs a source.
      if (value === "" && place.element === "figure_image") return null;
      if (typeof value !== "string" || !isSafeUrl(value, "src")) return `${place.root}: an image source must be a safe URL`;
      return mediaBase === undefined || isMediaUrl(value, mediaBase) ? null : `${place.root}: an image must be a media asset under ${mediaBase}`;
    case "alt":
      return typeof value === "string" ? null : bad;
    case "width":
    case "height":
      return typeof value === "number" && readDimension(value) === value ? null : bad;
    case "level":
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_LEVEL ? null : bad;
    case BLOCK_SPLIT:
    case BLOCK_JOIN:
    case BLOCK_RETYPE:
      // Whose suggestion it names is judged with the connection's editor (`refusedSuggestionUpdate`).
      return value === null || isSuggestionId(value) ? null : `${place.root}: ${name} must name a suggestion id (1 to 64 letters, digits, _ or -)`;
    default:
      return bad;
  }
}

function refusedMark(place: Place, name: string, value: unknown): string | null {
  const allowed = MARK_ATTRIBUTES.get(name);
  if (!allowed) return `${place.root}: no mark ${JSON.stringify(name)}`;
  // `null` ends a mark's span.
  if (value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) return `${place.root}: a ${name} mark's attributes must be an object`;
  const attributes = value as Record<string, unknown>;
  const extra = Object.keys(attributes).find((key) => !allowed.has(key));
  if (extra !== undefined) return `${place.root}: a ${name} mark has no attribute ${JSON.stringify(extra)}`;
  if ((SUGGESTION_MARKS as readonly string[]).includes(name)) {
    return isSuggestionId(attributes.id) ? null : `${place.root}: a ${name} mark's id must be a suggestion id (1 to 64 letters, digits, _ or -)`;
  }
  if (name !== "link") return null;
  const { href, title, target } = attributes;
  if (typeof href !== "string" || !isSafeLinkUrl(href)) return `${place.root}: a link must point to a safe URL`;
  if (title !== undefined && title !== null && typeof title !== "string") return `${place.root}: a link's title must be text`;
  return target === undefined || target === null || target === "_blank" ? null : `${place.root}: a link's target may only be _blank`;
}

function isNodeName(name: string): boolean {
  return NODE_ATTRIBUTES.has(name) && name !== "doc" && name !== "text";
}
