import type { BlockType } from "../../shared/review-suggestions";
import { callJson, type FetchLike } from "../call-json";

/** One open suggestion as `GET …/suggestions` lists it. */
export interface ListedSuggestion {
  id: string;
  kind: string;
  field: string;
  author: number | string;
  authorName: string;
  at: string;
  /** The inserted or deleted words, or a description. */
  text: string;
  /** A retype's block as it was, and as the suggestion makes it. */
  from?: BlockType;
  to?: BlockType;
}

/** What a settling call came to: done, already settled by someone else (409 `suggestion_settled`), or failed. */
export type Settled = { ok: true } | { ok: false; settled: boolean; error: string };

/** The page's suggestion routes (`/api/cms/<collection>/<id>/suggestions`). */
export interface SuggestApi {
  list(): Promise<{ ok: true; suggestions: ListedSuggestion[] } | { ok: false; error: string }>;
  settle(id: string, action: "accept" | "reject"): Promise<Settled>;
  settleAll(action: "accept" | "reject", author?: number | string): Promise<Settled>;
}

/**
 * The suggestion routes of one page, over `fetch`; every answer in words a person reads.
 *
 * @example
 * const api = suggestApi(fetch, "/api/cms/pages/1/suggestions");
 * await api.settle("q8w2k3v9m7ab", "accept");
 */
export function suggestApi(fetch: FetchLike, base: string): SuggestApi {
  let wasSettled = false;
  // A 409 `suggestion_settled` is told apart by its code, never by its message.
  const words = async (response: Response) => {
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    wasSettled = response.status === 409 && body?.code === "suggestion_settled";
    return wasSettled ? "already settled by someone else" : undefined;
  };
  const post = async (url: string, body?: unknown): Promise<Settled> => {
    wasSettled = false;
    const answer = await callJson(fetch, url, "POST", body, words);
    return answer.ok ? { ok: true } : { ok: false, settled: wasSettled, error: answer.error };
  };
  return {
    async list() {
      const answer = await callJson(fetch, base, "GET");
      if (!answer.ok) return answer;
      const list = (answer.value as { suggestions?: unknown } | null)?.suggestions;
      return { ok: true, suggestions: Array.isArray(list) ? list.filter(isListed) : [] };
    },
    settle: (id, action) => post(`${base}/${encodeURIComponent(id)}/${action}`),
    settleAll: (action, author) => post(`${base}/${action}-all`, author === undefined ? undefined : { author }),
  };
}

function isListed(value: unknown): value is ListedSuggestion {
  const v = value as Partial<ListedSuggestion> | null;
  return typeof v?.id === "string" && typeof v.kind === "string" && typeof v.field === "string";
}
