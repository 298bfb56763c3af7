import type { EntryTemplate } from "./list-ops";

/** A kind of entry the page can add: its name, what the chooser says about it, what a new one holds, and its markup. */
export interface EntryKind {
  name: string;
  label: string;
  description: string;
  shape: EntryTemplate;
  template: HTMLTemplateElement;
}

/** The kinds of a page's sections (by catalog name) and of its nested lists' items (by list key). */
export interface EntryKinds {
  sections: Map<string, EntryKind>;
  items: Map<string, EntryKind>;
}

/**
 * Reads the templates the site view emits in edit mode: `<template data-cms-template="<kind>">`
 * per catalog kind and `<template data-cms-item-template="<key>">` per nested list, each saying
 * which keys start as text (`data-cms-texts`) and which as nested lists (`data-cms-lists`).
 *
 * @example
 * readEntryKinds(document).sections.get("hero") // { label: "Hero", description: "A large heading…", shape: {…}, template }
 */
export function readEntryKinds(root: ParentNode): EntryKinds {
  const read = (template: HTMLTemplateElement, name: string, type: string | null): EntryKind => ({
    name,
    label: template.dataset.cmsLabel || name,
    description: template.dataset.cmsDescription ?? "",
    shape: { type, texts: words(template.dataset.cmsTexts), lists: words(template.dataset.cmsLists) },
    template,
  });
  const sections = new Map<string, EntryKind>();
  const items = new Map<string, EntryKind>();
  for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-cms-template]")) {
    const name = template.dataset.cmsTemplate ?? "";
    sections.set(name, read(template, name, name));
  }
  for (const template of root.querySelectorAll<HTMLTemplateElement>("template[data-cms-item-template]")) {
    const name = template.dataset.cmsItemTemplate ?? "";
    items.set(name, read(template, name, null));
  }
  return { sections, items };
}

const words = (value: string | undefined) => (value ?? "").split(/\s+/).filter(Boolean);
