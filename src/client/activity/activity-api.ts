import type { ActivityItem, ActivityPage } from "../../shared/activity";
import { failureText } from "../failure-text";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Loads one page of activity; failures come back as words for the editor.
 *
 * @example
 * const answer = await loadActivity(fetch, "/api/cms/activity?actor=3");
 */
export async function loadActivity(fetch: FetchLike, url: string): Promise<Answer<ActivityPage>> {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!response.ok) return { ok: false, error: await failureText(response) };
    return { ok: true, value: parseActivityPage(await response.json().catch(() => null)) };
  } catch {
    return { ok: false, error: "the server could not be reached" };
  }
}

/* The answer as the panel uses it: rows that lack what a row needs are left out, never shown half. */
function parseActivityPage(value: unknown): ActivityPage {
  const page = (value ?? {}) as { items?: unknown; next?: unknown };
  const items = Array.isArray(page.items) ? page.items.filter(isItem) : [];
  return { items, next: typeof page.next === "string" ? page.next : null };
}

function isItem(value: unknown): value is ActivityItem {
  const item = value as Partial<ActivityItem> | null;
  return (
    item !== null &&
    typeof item === "object" &&
    typeof item.id === "number" &&
    typeof item.at === "string" &&
    typeof item.kind === "string" &&
    typeof item.actor?.name === "string" &&
    typeof item.detail === "object" &&
    item.detail !== null
  );
}
