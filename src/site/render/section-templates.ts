import type { SectionFieldDef } from "../../cores/sections";
import { sectionCatalog } from "../collections";
import { escapeHtml } from "./escape";

/**
 * The edit-mode templates the sections editor builds new entries from: one
 * `<template data-cms-template="<kind>">` per catalog kind (an empty section of that kind, with its
 * label and description for the chooser) and one `<template data-cms-item-template="<key>">` per nested list key (`items`: an empty item).
 * `data-cms-texts` names the keys that start as empty text and `data-cms-lists` the nested lists,
 * so the client makes a new entry without knowing the catalog. Markers in a template carry index 0;
 * the client rewrites them to the entry's place.
 *
 * @example
 * sectionTemplates((section, path) => renderSection(section, path, …), (path) => renderItem({}, path, …))
 */
export function sectionTemplates(section: (entry: Record<string, unknown>, path: string) => string, item: (path: string) => string): string {
  const kinds = Object.entries(sectionCatalog).map(([kind, definition]) => {
    const attributes = `data-cms-template="${escapeHtml(kind)}" data-cms-label="${escapeHtml(definition.label ?? kind)}" data-cms-description="${escapeHtml(definition.description ?? "")}"`;
    return `<template ${attributes}${shapeAttributes(definition.fields)}>${section({ type: kind }, "sections.0")}</template>`;
  });
  const nested = new Map<string, Record<string, SectionFieldDef>>();
  for (const definition of Object.values(sectionCatalog)) {
    for (const [key, field] of Object.entries(definition.fields)) if (field.type === "list" && !nested.has(key)) nested.set(key, field.of);
  }
  const items = [...nested].map(([key, fields]) => `<template data-cms-item-template="${escapeHtml(key)}"${shapeAttributes(fields)}>${item(`sections.0.${key}.0`)}</template>`);
  return [...kinds, ...items].join("\n");
}

function shapeAttributes(fields: Record<string, SectionFieldDef>): string {
  const keys = (test: (field: SectionFieldDef) => boolean) => escapeHtml(Object.keys(fields).filter((key) => test(fields[key] as SectionFieldDef)).join(" "));
  return ` data-cms-texts="${keys((field) => field.type === "text")}" data-cms-lists="${keys((field) => field.type === "list")}"`;
}
