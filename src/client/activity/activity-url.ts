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
