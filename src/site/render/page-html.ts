import type { SectionFieldDef } from "../../cores/sections";
import { isSafeUrl } from "../../shared/safe-url";
import { CTA_FIELDS, CTA_STYLES, sectionCatalog } from "../collections";
import { escapeHtml } from "./escape";
import { sectionTemplates } from "./section-templates";

/** A page document as read from the `pages` table or a draft snapshot. */
export interface PageDocument {
  id: number;
  slug: string;
  title: string;
  body: string;
  sections: unknown;
  /** The row's language (issue 37): `<html lang>`; absent on a table without languages. */
  locale?: string;
  /** The row this page translates; `null` for a source. */
  sourceId?: number | null;
}

/**
 * Renders a page's content. In edit mode every editable field carries its `data-cms-field` marker
 * (`pages:<id>:<field>`, list items as `sections.<i>.<field>`, a hero's picture as an image field)
 * for the inline client; a typed section field (a call to action's link and style) carries, as a
 * collection's typed field does, `data-cms-type`, its declaration as `data-cms-def` and its stored
 * value as `data-cms-value`, from which the client builds the form control that fits.
 * `body` is stored sanitized (every write passes `sanitizeRichHtml`), so it is emitted as HTML.
 *
 * @example
 * renderPageContent(page, { editMode: true })
 */
export function renderPageContent(
  page: PageDocument,
  options: { editMode: boolean; after?: string; altFor?: (image: { src: string; alt: string }) => string },
): string {
  const mark: Mark = (field, kind, value) => {
    if (!options.editMode) return "";
    const address = ` data-cms-field="pages:${page.id}:${escapeHtml(field)}"`;
    if (kind === undefined) return address;
    if (typeof kind === "string") return `${address} data-cms-type="${kind}"`;
    if (kind.type === "text") return `${address}${slotHints(kind)}`;
    return `${address} data-cms-type="${kind.type}" data-cms-def="${escapeHtml(JSON.stringify(kind))}" data-cms-value="${escapeHtml(JSON.stringify(value ?? null))}"${slotHints(kind)}`;
  };
  // In edit mode each entry says where it is and of what kind, for the publish dialog's "Go to".
  const entry: Entry = (path, kind) =>
    options.editMode ? ` data-cms-entry="${escapeHtml(path)}"${kind ? ` data-cms-kind="${escapeHtml(sectionCatalog[kind]?.label ?? kind)}"` : ""}` : "";
  const sections = Array.isArray(page.sections) ? page.sections : [];
  // In edit mode the list says which field it holds, and one template per kind lets the sections editor add entries.
  const list = options.editMode ? ` data-cms-list="sections"` : "";
  return `<main>
<h1${mark("title")}>${escapeHtml(page.title)}</h1>
<div class="sections"${list}>
${sections.map((section, i) => renderSection(section, `sections.${i}`, mark, entry, options.altFor ?? ((image) => image.alt))).join("\n")}
</div>
${options.editMode ? sectionTemplates((kind, path) => renderSection(kind, path, mark, entry, (image) => image.alt), (path) => renderItem({}, path, mark, entry)) : ""}
<div class="body"${mark("body", "richtext")}>${page.body}</div>
${options.after ?? ""}
</main>`;
}

/** A value field of a section, marked with its declaration (`data-cms-def`) and stored value. */
type ValueDef = Exclude<SectionFieldDef, { type: "text" | "richtext" | "image" | "list" }>;
type TextDef = Extract<SectionFieldDef, { type: "text" }>;
/* A text field's declaration only adds its slot's hints: a text marker stays untyped. */
type Mark = (field: string, kind?: "richtext" | "image" | ValueDef | TextDef, value?: unknown) => string;

/*
 * What an empty slot shows in edit mode (its declared placeholder, else its label) and whether it
 * must be filled before publishing, so a new section is no stack of blank boxes.
 */
function slotHints(def: SectionFieldDef): string {
  const words = def.placeholder ?? def.label;
  return `${words ? ` data-cms-placeholder="${escapeHtml(words)}"` : ""}${def.required ? " data-cms-required" : ""}`;
}

/* The declaration of a catalog kind's text field, for its slot's hints. */
function textDef(kind: string, key: string): TextDef | undefined {
  const def = sectionCatalog[kind]?.fields[key];
  return def?.type === "text" ? def : undefined;
}

/* The declaration of a text field of a nested list's items. */
function itemTextDef(kind: string, list: string, key: string): TextDef | undefined {
  const def = sectionCatalog[kind]?.fields[list];
  const field = def?.type === "list" ? def.of[key] : undefined;
  return field?.type === "text" ? field : undefined;
}
type Entry = (path: string, kind?: string) => string;
type AltFor = (image: { src: string; alt: string }) => string;

/* Optional text: left out for visitors when empty, kept as an empty slot in edit mode (`mark` is empty for visitors). */
const optional = (tag: string, value: unknown, marker: string, attributes = "") =>
  value || marker ? `<${tag}${attributes}${marker}>${escapeHtml(value)}</${tag}>` : "";

function renderSection(section: unknown, path: string, mark: Mark, entry: Entry, altFor: AltFor): string {
  if (section === null || typeof section !== "object") return "";
  const s = section as Record<string, unknown>;
  if (s.type === "hero") {
    const image = imageOf(s.image);
    return `<section class="hero"${entry(path, "hero")}>
<h2${mark(`${path}.heading`, textDef("hero", "heading"))}>${escapeHtml(s.heading)}</h2>
${optional("p", s.text, mark(`${path}.text`, textDef("hero", "text")))}
${image ? `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(altFor(image))}"${mark(`${path}.image`, "image")}>` : imageSlot(mark(`${path}.image`, "image"))}
</section>`;
  }
  if (s.type === "quote") {
    return `<section class="quote"${entry(path, "quote")}>
<blockquote${mark(`${path}.text`, textDef("quote", "text"))}>${escapeHtml(s.text)}</blockquote>
${optional("p", s.author, mark(`${path}.author`, textDef("quote", "author")), ` class="author"`)}
</section>`;
  }
  if (s.type === "features") {
    const items = Array.isArray(s.items) ? s.items : [];
    return `<section class="features"${entry(path, "features")}>
${optional("h2", s.heading, mark(`${path}.heading`, textDef("features", "heading")))}
<ul${entry(path) ? ` data-cms-list="items"` : ""}>${items.map((item: unknown, i: number) => renderItem(item, `${path}.items.${i}`, mark, entry)).join("")}</ul>
</section>`;
  }
  if (s.type === "cta") return renderCallToAction(s, path, mark, entry);
  return "";
}

/*
 * A call to action: for visitors a button-styled link (only an address the one URL rule allows;
 * the style a class, only a declared one); in edit mode the label is text and the link and style
 * are shown as values beside it, each marked for its form control (the link as text, not a link:
 * an entry drawn from its template starts with no address, and an empty link is no link).
 */
function renderCallToAction(s: Record<string, unknown>, path: string, mark: Mark, entry: Entry): string {
  const href = typeof s.href === "string" && isSafeUrl(s.href, "href") ? s.href : "";
  const style = CTA_STYLES.find((option) => option.value === s.style);
  const classes = `cta${style ? ` cta-${style.value}` : ""}`;
  if (!entry(path)) {
    const label = escapeHtml(s.label);
    return `<section class="${classes}"><p>${href ? `<a class="button" href="${escapeHtml(href)}">${label}</a>` : `<span class="button">${label}</span>`}</p></section>`;
  }
  return `<section class="${classes}"${entry(path, "cta")}>
<p><span class="button"${mark(`${path}.label`, textDef("cta", "label"))}>${escapeHtml(s.label)}</span></p>
<p class="cta-settings">Link: <span${mark(`${path}.href`, CTA_FIELDS.href, s.href)}>${escapeHtml(s.href)}</span>
Style: <span${mark(`${path}.style`, CTA_FIELDS.style, s.style)}>${escapeHtml(style?.label ?? "")}</span></p>
</section>`;
}

function renderItem(item: unknown, path: string, mark: Mark, entry: Entry): string {
  const it = (item ?? {}) as Record<string, unknown>;
  return `<li${entry(path)}><strong${mark(`${path}.title`, itemTextDef("features", "items", "title"))}>${escapeHtml(it.title)}</strong><p${mark(`${path}.text`, itemTextDef("features", "items", "text"))}>${escapeHtml(it.text)}</p></li>`;
}

/* A hero without a picture: in edit mode an empty image the "Add image" control fills in place; for visitors nothing. */
function imageSlot(marker: string): string {
  return marker ? `<img class="image-slot" alt=""${marker}>` : "";
}

/**
 * The images a page's sections show, for looking up their asset alt text in one query.
 *
 * @example
 * sectionImageUrls([{ type: "hero", image: { src: "https://m/a.png" } }]) // ["https://m/a.png"]
 */
export function sectionImageUrls(sections: unknown): string[] {
  if (!Array.isArray(sections)) return [];
  return sections.flatMap((s) => {
    const image = s && typeof s === "object" ? imageOf((s as Record<string, unknown>).image) : null;
    return image ? [image.src] : [];
  });
}

function imageOf(value: unknown): { src: string; alt: string } | null {
  if (typeof value === "string" && value) return { src: value, alt: "" };
  if (value && typeof value === "object" && typeof (value as { src?: unknown }).src === "string") {
    const { src, alt } = value as { src: string; alt?: unknown };
    return { src, alt: typeof alt === "string" ? alt : "" };
  }
  return null;
}
