import { HttpError } from "../../shared/errors";
import { MAX_COMMENT_TEXT, MAX_MENTIONS } from "../../shared/review-comments";

/** A comment body is a few thousand characters of text and a few ids; anything near this size is not one. */
export const MAX_COMMENT_BODY_BYTES = 64 * 1024;

/** Longest field address a comment may name (a section's text field inside a nested list included). */
const MAX_FIELD_LENGTH = 512;

/** A new thread: offsets into the field's text as it reads now, anchors the browser made, or neither (a whole section). */
export type NewThreadInput = {
  field: string;
  text: string;
  mentions: number[];
} & ({ range: { from: number; to: number } } | { anchor: { from: Uint8Array; to: Uint8Array } } | { whole: true });

/** A change of a thread: its text (author only) and/or whether it is resolved (any editor of the page). */
export interface ThreadChangeInput {
  text?: string;
  resolved?: boolean;
}

/** A reply, or a change of one. */
export interface ReplyInput {
  text: string;
  mentions: number[];
}

function invalid(message: string): HttpError {
  return new HttpError(400, message, { code: "invalid_input" });
}

function refuseUnknown(body: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw invalid(`unknown field ${JSON.stringify(unknown[0]!.slice(0, 64))}; send only ${known.join(", ")}`);
}

function commentText(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw invalid("text must be non-empty text");
  if (value.length > MAX_COMMENT_TEXT) throw new HttpError(400, `text is ${value.length} characters; a comment holds at most ${MAX_COMMENT_TEXT}`, { code: "too_long" });
  return value;
}

function mentions(value: unknown): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_MENTIONS || !value.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    throw invalid(`mentions must be a list of at most ${MAX_MENTIONS} editor ids (positive integers)`);
  }
  return [...new Set(value as number[])];
}

function offset(value: unknown, name: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new HttpError(400, `${name} must be a character offset (an integer from 0)`, { code: "invalid_range" });
  return value as number;
}

function anchorBytes(value: unknown, name: string): Uint8Array {
  if (typeof value !== "string" || value.length === 0 || value.length > 4096 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) {
    throw invalid(`anchor.${name} must be a base64 Yjs relative position`);
  }
  return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
}

/**
 * Reads `POST …/comments`: `{ field, from, to, text, mentions? }` (offsets into the field's text as
 * it reads now), `{ field, anchor: { from, to }, text, mentions? }` (base64 relative positions, what
 * the browser sends) or `{ field, text, mentions? }` (a whole section). 400 saying what is wrong.
 *
 * @example
 * parseNewThread({ field: "title", from: 0, to: 6, text: "Is this right?" })
 */
export function parseNewThread(body: Record<string, unknown>): NewThreadInput {
  refuseUnknown(body, ["field", "from", "to", "anchor", "text", "mentions"]);
  const { field } = body;
  if (typeof field !== "string" || field === "" || field.length > MAX_FIELD_LENGTH) throw invalid(`field must be a field address of 1 to ${MAX_FIELD_LENGTH} characters`);
  const base = { field, text: commentText(body.text), mentions: mentions(body.mentions) };
  if (body.anchor !== undefined) {
    if (body.from !== undefined || body.to !== undefined) throw invalid("send either from and to, or anchor, not both");
    const anchor = body.anchor;
    if (anchor === null || typeof anchor !== "object" || Array.isArray(anchor)) throw invalid("anchor must be { from, to }");
    refuseUnknown(anchor as Record<string, unknown>, ["from", "to"]);
    const { from, to } = anchor as Record<string, unknown>;
    return { ...base, anchor: { from: anchorBytes(from, "from"), to: anchorBytes(to, "to") } };
  }
  if (body.from === undefined && body.to === undefined) return { ...base, whole: true };
  const from = offset(body.from, "from");
  const to = offset(body.to, "to");
  if (from > to) throw new HttpError(400, `from (${from}) is after to (${to})`, { code: "invalid_range" });
  return { ...base, range: { from, to } };
}

/**
 * Reads `PATCH …/comments/:thread`: `{ text?, resolved? }`, at least one.
 *
 * @example
 * parseThreadChange({ resolved: true }) // { resolved: true }
 */
export function parseThreadChange(body: Record<string, unknown>): ThreadChangeInput {
  refuseUnknown(body, ["text", "resolved"]);
  if (body.text === undefined && body.resolved === undefined) throw invalid("send text, resolved, or both");
  if (body.resolved !== undefined && typeof body.resolved !== "boolean") throw invalid("resolved must be true or false");
  return { ...(body.text === undefined ? {} : { text: commentText(body.text) }), ...(body.resolved === undefined ? {} : { resolved: body.resolved as boolean }) };
}

/**
 * Reads `POST …/replies` and `PATCH …/replies/:reply`: `{ text, mentions? }`.
 *
 * @example
 * parseReply({ text: "Yes, checked", mentions: [3] })
 */
export function parseReply(body: Record<string, unknown>): ReplyInput {
  refuseUnknown(body, ["text", "mentions"]);
  return { text: commentText(body.text), mentions: mentions(body.mentions) };
}
