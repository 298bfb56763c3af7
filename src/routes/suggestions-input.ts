import { HttpError } from "../shared/errors";
import type { ActivityNoter } from "../shared/activity";
import { isSuggestionId, type SettledSuggestions, type SettleTarget, type SuggestionDecision } from "../shared/review-suggestions";
import { matchPath } from "./match-path";

/*
 * The inputs of the suggestions routes: which action a path names, and the body each takes
 * (unknown fields refused, 400 `invalid_input`).
 */

/** What a suggestions path asks for. */
export type SuggestionsAction = { name: "list"; id: string } | { name: "settle"; id: string; decision: SuggestionDecision; one: string | null };

/**
 * The action of a path under `basePath`, or `null` when the path is not a suggestions path.
 *
 * @example
 * suggestionsAction("/api/cms/pages", "/api/cms/pages/12/suggestions/s1/accept") // { name: "settle", id: "12", decision: "accept", one: "s1" }
 */
export function suggestionsAction(basePath: string, pathname: string): SuggestionsAction | null {
  const list = matchPath(`${basePath}/:id/suggestions`, pathname);
  if (list) return { name: "list", id: list.id as string };
  const all = matchPath(`${basePath}/:id/suggestions/:all`, pathname);
  if (all && (all.all === "accept-all" || all.all === "reject-all")) return { name: "settle", id: all.id as string, decision: all.all === "accept-all" ? "accept" : "reject", one: null };
  const one = matchPath(`${basePath}/:id/suggestions/:sid/:decision`, pathname);
  if (one && (one.decision === "accept" || one.decision === "reject")) return { name: "settle", id: one.id as string, decision: one.decision, one: one.sid as string };
  return null;
}

/**
 * What to settle, from the action and its JSON body: one suggestion takes an empty body (or `{}`),
 * all take `{ author? }` (an editor id). 400 `invalid_input` otherwise.
 *
 * @example
 * settleTarget({ decision: "accept", one: null }, { author: "3" }) // { all: true, author: "3" }
 */
export function settleTarget(action: Pick<Extract<SuggestionsAction, { name: "settle" }>, "decision" | "one">, body: Record<string, unknown>): SettleTarget {
  const extra = Object.keys(body).find((key) => action.one !== null || key !== "author");
  if (extra !== undefined) throw invalid(`a suggestion ${action.decision} takes no ${JSON.stringify(extra)}`);
  if (action.one !== null) {
    if (!isSuggestionId(action.one)) throw invalid("a suggestion id is 1 to 64 letters, digits, _ or -");
    return { id: action.one };
  }
  const author = body.author;
  if (author === undefined) return { all: true };
  if ((typeof author !== "string" || author.length === 0 || author.length > 128) && !(typeof author === "number" && Number.isSafeInteger(author))) {
    throw invalid("author is an editor id");
  }
  return { all: true, author: String(author) };
}

/**
 * A decision as a caller of the service binding sends it: `accept` or `reject`, else 400 `invalid_input`.
 *
 * @example
 * readDecision("accept"); // "accept"
 */
export function readDecision(value: unknown): SuggestionDecision {
  if (value === "accept" || value === "reject") return value;
  throw invalid("decision is accept or reject");
}

function invalid(message: string): HttpError {
  return new HttpError(400, message, { code: "invalid_input" });
}

/**
 * Notes the activity of a settle that changed something: one row naming the suggestions accepted or
 * rejected, and the draft version it wrote. Nothing when nothing was open to settle.
 *
 * @example
 * noteSettled(note, "pages", 12, settled);
 */
export function noteSettled(note: ActivityNoter, collection: string, id: number, settled: SettledSuggestions): SettledSuggestions {
  if (settled.settled.length > 0) {
    note({ kind: settled.decision === "accept" ? "suggestion.accepted" : "suggestion.rejected", collection, recordId: id, versionId: settled.versionId, detail: { suggestions: settled.settled } });
  }
  return settled;
}
