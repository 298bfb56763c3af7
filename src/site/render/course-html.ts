import { COURSE_LEVELS, PRICE_UNIT, type coursesDeclaration } from "../courses";
import { escapeHtml } from "./escape";

/** A field's marker attributes (with its declaration, from `cms.marker`), or "" outside edit mode. */
export type CourseMark = (field: keyof typeof coursesDeclaration.fields & string) => string;

/**
 * A course's page: every typed field shown as a visitor reads it and, in edit mode, marked for its
 * inline editor (`data-cms-type` and `data-cms-def` from the declaration, `data-cms-value` the
 * stored value, which the editor starts from where the shown text is formatted). An empty image
 * is an empty slot the editor fills; a visitor's image without its own alt gets `altFor`'s (the
 * asset's alt, as the spec's fallback says).
 *
 * @example
 * renderCourseContent(course, { mark: (field) => cms.marker("courses", course.id, field) })
 */
export function renderCourseContent(course: Record<string, unknown>, options: { mark: CourseMark | null; altFor?: (image: { src: string; alt: string }) => string }): string {
  // Each marker sits inside its <dd>: the editor's control goes beside it, where a <dl> allows it.
  const mark = (field: CourseMark extends (f: infer F) => string ? F : never) =>
    options.mark ? `${options.mark(field)} data-cms-value="${escapeHtml(JSON.stringify(course[field] ?? null))}"` : "";
  const level = COURSE_LEVELS.find((option) => option.value === course.level)?.label ?? "";
  const image = imageOf(course.image);
  const link = typeof course.link === "string" ? course.link : "";
  const shown = (value: unknown) => options.mark !== null || (value !== null && value !== undefined && value !== "");
  return `<main class="course">
<h1${options.mark ? options.mark("title") : ""}>${escapeHtml(course.title)}</h1>
<dl class="facts">
${shown(course.level) ? `<dt>Level</dt><dd><span${mark("level")}>${escapeHtml(level)}</span></dd>` : ""}
${shown(course.day) ? `<dt>Day</dt><dd><time${mark("day")}>${escapeHtml(course.day)}</time></dd>` : ""}
${shown(course.startsAt) ? `<dt>Starts</dt><dd><time${mark("startsAt")}>${escapeHtml(course.startsAt)}</time></dd>` : ""}
${shown(course.price) ? `<dt>Price</dt><dd><span${mark("price")}>${escapeHtml(course.price)}</span> ${escapeHtml(PRICE_UNIT)}</dd>` : ""}
${shown(course.seats) ? `<dt>Seats</dt><dd><span${mark("seats")}>${escapeHtml(course.seats)}</span></dd>` : ""}
<dt>Free entry</dt><dd><span${mark("free")}>${course.free === true ? "Yes" : "No"}</span></dd>
${shown(link) ? `<dt>Sign up</dt><dd><a href="${escapeHtml(link)}"${mark("link")}>${escapeHtml(link)}</a></dd>` : ""}
${options.mark ? `<dt>Address</dt><dd>/courses/<span${mark("slug")}>${escapeHtml(course.slug)}</span></dd>` : ""}
</dl>
${image ? `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(options.mark ? image.alt : (options.altFor?.(image) ?? image.alt))}"${mark("image")}>` : options.mark ? `<div class="image-slot"${mark("image")}></div>` : ""}
</main>`;
}

function imageOf(value: unknown): { src: string; alt: string } | null {
  if (value === null || typeof value !== "object") return null;
  const { src, alt } = value as { src?: unknown; alt?: unknown };
  return typeof src === "string" && src !== "" ? { src, alt: typeof alt === "string" ? alt : "" } : null;
}
