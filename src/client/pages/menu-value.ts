import type { MenuEntry } from "../../shared/default-menu";

/** A menu entry as the menu editor holds it: every label per locale, empty ones included. */
export type EditedEntry = { pageId: number; label: string; labels: Record<string, string> };

/**
 * The `menu` setting as the menu editor starts from it: entries with a page id and a label, each
 * with its labels per locale. Labels of locales the editor does not show are kept as they are, so
 * saving never drops them unseen.
 *
 * @example
 * readMenu([{ pageId: 2, label: "About", labels: { de: "Über uns" } }, { label: "x" }]) // [{ pageId: 2, label: "About", labels: { de: "Über uns" } }]
 */
export function readMenu(value: unknown): MenuEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { pageId, label, labels } = (entry ?? {}) as Record<string, unknown>;
    if (typeof pageId !== "number" || typeof label !== "string") return [];
    const own = labels !== null && typeof labels === "object" ? Object.entries(labels).filter((pair): pair is [string, string] => typeof pair[1] === "string") : [];
    return [own.length > 0 ? { pageId, label, labels: Object.fromEntries(own) } : { pageId, label }];
  });
}

/**
 * The menu the editor saves: labels trimmed; a label left empty for a locale is no label (that
 * locale's pages show the entry's label), and an entry without any has no `labels`.
 *
 * @example
 * menuValue([{ pageId: 2, label: " About ", labels: { de: "" } }]) // [{ pageId: 2, label: "About" }]
 */
export function menuValue(entries: readonly EditedEntry[]): MenuEntry[] {
  return entries.map((entry) => {
    const labels = Object.fromEntries(Object.entries(entry.labels).flatMap(([locale, text]) => (text.trim() === "" ? [] : [[locale, text.trim()]])));
    return Object.keys(labels).length > 0 ? { pageId: entry.pageId, label: entry.label.trim(), labels } : { pageId: entry.pageId, label: entry.label.trim() };
  });
}
