import { isAuthoredBy } from "../shared/editor-id";
import type * as Y from "yjs";
import { assertPublisher } from "../shared/publish-privilege";
import { type SettledSuggestions, type SettleTarget, type SuggestionDecision, type SuggestionMeta } from "../shared/review-suggestions";
import type { EditorSession } from "../shared/session";
import type { RoomField } from "./room-document";
import type { RoomDrafts } from "./room-drafts";
import { openSuggestion, openSuggestionCount, openSuggestions, settleSuggestions } from "./room-suggestions";

/*
 * A room's accept and reject, as its RPC runs them: the checks, the settle and the draft. Checks
 * and settle run in one synchronous turn (no await between finding a suggestion open and deleting
 * it), which is the room's lock: of two publishers accepting one suggestion at once, one applies
 * it and the other is told 409 `suggestion_settled`.
 */

/** What a settle needs of its room. */
export interface SettleContext {
  doc: Y.Doc;
  fields: readonly RoomField[];
  drafts: RoomDrafts;
  /** The scope rule on the fields the settle changes (see `assertRoomAccess`). */
  assertAccess(session: EditorSession, fields: readonly string[]): void;
  /** Transaction origin of the session's change, so the room counts it as that editor's edit. */
  origin(session: EditorSession): unknown;
}

/**
 * Accepts or rejects under the room's lock. One suggestion: 404 `suggestion_not_found`, 409
 * `suggestion_settled`, 403 unless the session is its author or a publisher (`assertPublisher`).
 * All (optionally one author's): those the session may settle; another author's all asked of a
 * non-publisher is a 403. Then the draft is written.
 *
 * @example
 * await settleInRoom(context, session, "accept", { id: "s1" }); // { settled: ["s1"], openSuggestions: 2, versionId: 41, … }
 */
export async function settleInRoom(c: SettleContext, session: EditorSession, decision: SuggestionDecision, target: SettleTarget): Promise<SettledSuggestions> {
  const chosen = "id" in target ? [{ id: target.id, ...checked(session, openSuggestion(c.doc, target.id)) }] : allOf(c, session, target.author);
  c.assertAccess(session, [...new Set(chosen.map((s) => rootOf(s.field)))]);
  const ids = chosen.map((s) => s.id);
  const touched = ids.length === 0 ? [] : settleSuggestions(c.doc, c.fields, ids, decision, c.origin(session));
  const draft = touched.length === 0 ? null : await c.drafts.flush({ session, include: touched });
  return { decision, settled: ids, openSuggestions: openSuggestionCount(c.doc), versionId: draft?.versionId ?? null };
}

/* May `session` settle this suggestion: its author, or a publisher. */
function checked(session: EditorSession, meta: SuggestionMeta): SuggestionMeta {
  if (!isAuthoredBy(meta.author, session.id)) assertPublisher(session, "settling another editor's suggestion");
  return meta;
}

function allOf(c: SettleContext, session: EditorSession, author: string | undefined): (SuggestionMeta & { id: string })[] {
  const open = openSuggestions(c.doc, c.fields).filter((s) => author === undefined || String(s.author) === author);
  const own = (s: SuggestionMeta) => isAuthoredBy(s.author, session.id);
  if (session.access?.publish === true) return open;
  if (author !== undefined && author !== session.id) assertPublisher(session, "settling another editor's suggestions");
  return open.filter(own);
}

/* `sections.<id>.heading` belongs to the field `sections`. */
function rootOf(field: string): string {
  return field.split(".")[0] as string;
}

