import { checkBox } from "./check-box";
import { localeChoices } from "./locale-choices";
import { listShown, listValue, splitList } from "./scope-lists";
import type { Scope } from "./team-list";

/** The scope inputs of a form: what they hold, and a way to read them back. */
export interface ScopeFields {
  element: HTMLFieldSetElement;
  /** The scope the inputs describe; `{}` when all are empty. */
  value(): Scope;
}

/**
 * The parts of a scope: collections, page address prefixes, and read-only fields written
 * `collection.field` as labelled text inputs (comma-separated lists), and on a site of several
 * languages a checkbox per locale (`locales`). An empty input, or no box checked, leaves that part
 * out (no narrowing); a scope that holds an empty `collections` or `paths` (the account touches
 * nothing) shows a checked "None" box under it, so saving the form unchanged keeps it (as
 * `locales: []` keeps its "No language" box). `collections` fills the hint with the names this site has.
 *
 * @example
 * const fields = scopeFields(document, "invite", { paths: ["/blog/"] }, ["pages"], ["en", "de"]);
 */
export function scopeFields(doc: Document, idPrefix: string, scope: Scope, collections: readonly string[] = [], locales: readonly string[] = []): ScopeFields {
  const element = doc.createElement("fieldset");
  const legend = doc.createElement("legend");
  legend.textContent = "Scope (leave empty for everything)";
  element.append(legend);
  const input = (key: string, label: string, hint: string, value: string) => {
    const id = `${idPrefix}-${key}`;
    const wrap = doc.createElement("label");
    wrap.htmlFor = id;
    wrap.textContent = label;
    const field = doc.createElement("input");
    field.id = id;
    field.name = key;
    field.value = value;
    field.autocomplete = "off";
    const note = doc.createElement("small");
    note.id = `${id}-hint`;
    note.textContent = hint;
    field.setAttribute("aria-describedby", note.id);
    element.append(wrap, field, note);
    return field;
  };
  // Only a part the scope holds empty gets this box: unchecking it (the text box empty) widens the part to everything.
  const listInput = (key: string, label: string, hint: string, held: readonly string[] | undefined, noneText: string) => {
    const shown = listShown(held);
    const field = input(key, label, hint, shown.text);
    if (!shown.none) return { value: () => listValue(field.value) };
    const box = checkBox(doc, element, `${idPrefix}-${key}-none`, true, noneText);
    // "None" and typed entries exclude each other: checking it clears the box, typing unchecks it.
    box.addEventListener("change", () => box.checked && (field.value = ""));
    field.addEventListener("input", () => splitList(field.value).length > 0 && (box.checked = false));
    return { value: () => listValue(field.value, box.checked) };
  };
  const known = collections.length > 0 ? ` (this site has ${collections.join(", ")})` : "";
  const collectionsInput = listInput("collections", "Collections", `Comma-separated${known}.`, scope.collections, "No collection (this account touches nothing)");
  const pathsInput = listInput("paths", "Page address prefixes", "Comma-separated, each starting with /, e.g. /blog/.", scope.paths, "No address (this account touches no page)");
  const readOnly = Object.entries(scope.readOnlyFields ?? {}).flatMap(([collection, fields]) => fields.map((field) => `${collection}.${field}`));
  const readOnlyInput = input("read-only", "Read-only fields", "Comma-separated, as collection.field, e.g. pages.title.", readOnly.join(", "));
  const languages = localeChoices(doc, idPrefix, scope.locales, locales);
  if (languages) element.append(languages.element);
  return {
    element,
    value() {
      const out: Scope = {};
      const names = collectionsInput.value();
      if (names) out.collections = names;
      const paths = pathsInput.value();
      if (paths) out.paths = paths;
      const fields: Record<string, string[]> = {};
      for (const entry of splitList(readOnlyInput.value)) {
        const dot = entry.indexOf(".");
        // A malformed entry is sent as is (as a collection without a field): the server names it.
        const collection = dot === -1 ? entry : entry.slice(0, dot);
        const field = dot === -1 ? "" : entry.slice(dot + 1);
        (fields[collection] ??= []).push(field);
      }
      if (Object.keys(fields).length > 0) out.readOnlyFields = fields;
      const chosen = languages?.value();
      if (chosen) out.locales = chosen;
      return out;
    },
  };
}
