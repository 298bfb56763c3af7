import { readMarker } from "../markers";
import type { Mounted } from "../mount-options";
import type { LanguagesContext } from "./languages-context";
import { addTextBlockStyles, textBlock, textOf } from "./source-text";
import { languageName } from "./translations";

/*
 * Marks what visitors read in place of a translation's empty fields (issue 37, fallback): the page
 * hands over that text (`languages.fallbacks`), and it is shown beside the field, muted and not
 * editable, never inside it, so nothing the editor saves can carry it. It goes when the field gets
 * words (typed here or by another editor in the room) and comes back if the field is emptied.
 */

/**
 * Shows each empty field's fallback text under it as "Shown from <language> until translated"
 * for as long as the field stays empty.
 *
 * @example
 * mounted.push(showFallbackText(context));
 */
export function showFallbackText(context: LanguagesContext): Mounted {
  const fallbacks = context.languages.fallbacks ?? {};
  const doc = context.bar.element.ownerDocument;
  const watchers: MutationObserver[] = [];
  const blocks: HTMLElement[] = [];
  for (const element of context.root.querySelectorAll<HTMLElement>("[data-cms-field]")) {
    const marker = readMarker(element);
    const fallback = marker ? fallbacks[marker.root] : undefined;
    if (!marker || !fallback || marker.key !== context.pageId || marker.below.length > 0 || (marker.kind !== "text" && marker.kind !== "richtext")) continue;
    addTextBlockStyles(doc);
    const from = languageName(fallback.locale);
    const label = `Shown from ${from} until translated`;
    const block = textBlock(doc, { className: "cms-fallback-text", name: `${marker.field}: shown from ${from} until translated`, label, text: textOf(doc, marker, fallback.value) });
    const follow = () => {
      if (!isBlank(element)) block.remove();
      else if (!block.isConnected) element.after(block);
    };
    follow();
    const watcher = new (doc.defaultView ?? window).MutationObserver(follow);
    watcher.observe(element, { childList: true, characterData: true, subtree: true });
    watchers.push(watcher);
    blocks.push(block);
  }
  return {
    destroy: () => {
      watchers.forEach((watcher) => watcher.disconnect());
      blocks.forEach((block) => block.remove());
    },
  };
}

/*
 * A field without words or media. A rich field's toolbar (inside its element) is not its content,
 * nor is what the editor draws into it that cannot be edited: another editor's caret and its name.
 */
function isBlank(element: HTMLElement): boolean {
  const content = element.querySelector(".ProseMirror") ?? element;
  if (content.querySelector("img,video,iframe,hr")) return false;
  const texts = element.ownerDocument.createTreeWalker(content, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    const widget = text.parentElement?.closest(".ProseMirror-yjs-cursor, [contenteditable='false']");
    // The field itself may be read-only for a moment (offline): only what it holds is a widget.
    const drawn = widget && widget !== content && content.contains(widget);
    if ((text.textContent ?? "").trim() !== "" && !drawn) return false;
  }
  return true;
}
