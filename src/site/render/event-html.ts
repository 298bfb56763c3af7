import { EVENT_CATEGORIES, PRICE_UNIT, type eventsDeclaration } from "../events";
import { escapeHtml } from "./escape";

/** A field's marker attributes (with its declaration, from `cms.marker`), or "" outside edit mode. */
export type EventMark = (field: keyof typeof eventsDeclaration.fields & string) => string;

/**
 * An event's page: every typed field shown as a visitor reads it and, in edit mode, marked for its
 * inline editor (`data-cms-type` and `data-cms-def` from the declaration, `data-cms-value` the
 * stored value, which the editor starts from where the shown text is formatted).
 *
 * @example
 * renderEventContent(event, { mark: (field) => cms.marker("events", event.id, field) })
 */
export function renderEventContent(event: Record<string, unknown>, options: { mark: EventMark | null }): string {
  // Each marker sits inside its <dd>: the editor's control goes beside it, where a <dl> allows it.
  const mark = (field: EventMark extends (f: infer F) => string ? F : never) =>
    options.mark ? `${options.mark(field)} data-cms-value="${escapeHtml(JSON.stringify(event[field] ?? null))}"` : "";
  const category = EVENT_CATEGORIES.find((option) => option.value === event.category)?.label ?? "";
  const image = imageOf(event.image);
  const link = typeof event.link === "string" ? event.link : "";
  const shown = (value: unknown) => options.mark !== null || (value !== null && value !== undefined && value !== "");
  return `<main class="event">
<h1${options.mark ? options.mark("title") : ""}>${escapeHtml(event.title)}</h1>
<dl class="facts">
${shown(event.category) ? `<dt>Kind</dt><dd><span${mark("category")}>${escapeHtml(category)}</span></dd>` : ""}
${shown(event.day) ? `<dt>Day</dt><dd><time${mark("day")}>${escapeHtml(event.day)}</time></dd>` : ""}
${shown(event.startsAt) ? `<dt>Doors open</dt><dd><time${mark("startsAt")}>${escapeHtml(event.startsAt)}</time></dd>` : ""}
${shown(event.price) ? `<dt>Price</dt><dd><span${mark("price")}>${escapeHtml(event.price)}</span> ${escapeHtml(PRICE_UNIT)}</dd>` : ""}
${shown(event.seats) ? `<dt>Seats</dt><dd><span${mark("seats")}>${escapeHtml(event.seats)}</span></dd>` : ""}
<dt>Free entry</dt><dd><span${mark("free")}>${event.free === true ? "Yes" : "No"}</span></dd>
${shown(link) ? `<dt>Tickets</dt><dd><a href="${escapeHtml(link)}"${mark("link")}>${escapeHtml(link)}</a></dd>` : ""}
${options.mark ? `<dt>Address</dt><dd>/events/<span${mark("slug")}>${escapeHtml(event.slug)}</span></dd>` : ""}
</dl>
${image ? `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}"${mark("image")}>` : options.mark ? `<figure class="image-slot"${mark("image")}><img alt=""></figure>` : ""}
</main>`;
}

function imageOf(value: unknown): { src: string; alt: string } | null {
  if (value === null || typeof value !== "object") return null;
  const { src, alt } = value as { src?: unknown; alt?: unknown };
  return typeof src === "string" && src !== "" ? { src, alt: typeof alt === "string" ? alt : "" } : null;
}
