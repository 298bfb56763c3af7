import type { ActivityItem, ActivityPage } from "../../shared/activity";
import { failureText } from "../failure-text";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** The filters the panel offers: a person (editor id), a record (`<collection>:<id>`) and a kind. */
export interface ActivityFilters {
  actor?: string;
  record?: string;
  kind?: string;
}

/**
 * The URL of one page of activity: the endpoint with the filters set and the cursor of the page.
 *
 * @example
 * activityUrl("/api/cms/activity", { kind: "record.published" }, "812") // "/api/cms/activity?kind=record.published&cursor=812"
 */
export function activityUrl(base: string, filters: ActivityFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (typeof value === "string" && value !== "") params.set(name, value);
  if (cursor !== null) params.set("cursor", cursor);
  const query = params.toString();
  return query === "" ? base : `${base}${base.includes("?") ? "&" : "?"}${query}`;
}

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
