import type { FieldBinding, PageUndo, PresenceField } from "./collab";
import { attachImageField } from "./images/image-field";
import type { MarkedElement, Mounted } from "./mount-options";
import { humanName } from "./human-name";
import { isValueKind } from "./markers";
import { attachPlainField } from "./plain-field";
import type { RestContext } from "./mount-rest";
import { mountRestFields } from "./mount-rest";
import { holdWhileSuggesting } from "./suggest/held-edits";

/* The room protocol module pulls in y-protocols, so its constants reach this file only through the lazy collab chunk. */
type Collab = typeof import("./collab");
type Session = NonNullable<Awaited<ReturnType<Collab["connectLive"]>>>;

/**
 * Whether the room's document holds none of the page's fields while the page shows content: a
 * room that was never seeded. Binding to it would blank the page, so the caller uses REST instead.
 *
 * @example
 * if (isUnseeded(session, items, collab)) fallBackToRest();
 */
export function isUnseeded(session: Session, items: readonly MarkedElement[], collab: Pick<Collab, "JSON_ROOT" | "findListLeaf">): boolean {
  const json = session.doc.getMap(collab.JSON_ROOT);
  const empty = items.every(({ marker }) => {
    if (marker.below.length > 0) return !json.has(marker.root) && collab.findListLeaf(session.doc, marker.root, marker.below) === null;
    if (marker.kind === "text") return session.doc.getText(marker.root).length === 0;
    if (marker.kind === "richtext") return session.doc.getXmlFragment(marker.root).length === 0;
    return true;
  });
  return empty && items.some(({ element }) => (element.textContent ?? "").trim() !== "");
}

/**
 * Binds fields to the page's room: top-level text to `Y.Text`, rich text to the field's
 * `Y.XmlFragment` (with remote cursors), a top-level typed field (number, boolean, date, select,
 * URL, slug, image) to its value in the `json` map, leaves of list fields to their entry (text to
 * its `Y.Text`, an image or a typed value such as a URL or a choice to its value), leaves of plain
 * json fields to the `json` map. Every control follows the others' changes as they happen. A leaf
 * the room has no entry for keeps saving over HTTP, which cannot suggest: in Suggesting mode its
 * edits are held back until the editor switches to Editing. Every bound field's edits are steps of the
 * page's one `undo` (which takes back only this editor's edits), and every editor sees where the
 * others are (field, caret, selection) in `presence`, which the sections editor keeps up to date for the fields it adds.
 *
 * @example
 * const mounted = await mountLiveFields(found, session, collab, restContext, pageUndo, presence);
 */
export async function mountLiveFields(
  items: readonly MarkedElement[],
  session: Session,
  collab: Collab,
  context: RestContext,
  undo: PageUndo,
  presence = new Map<string, PresenceField>(),
): Promise<Mounted[]> {
  const mounted: Mounted[] = [];
  const overRest: MarkedElement[] = [];
  for (const item of items) {
    const bound = await mountLiveField(item, session, collab, context, undo, presence);
    if (bound) mounted.push(...bound);
    else overRest.push(item);
  }
  if (context.review && overRest.length > 0) {
    const held = holdWhileSuggesting(context.queue, context.review, items[0]?.element.ownerDocument.defaultView ?? window);
    mounted.push(held, ...(await mountRestFields(overRest, { ...context, queue: held.queue })));
  } else mounted.push(...(await mountRestFields(overRest, context)));
  mounted.push(collab.shareFieldPresence(items[0]?.element.ownerDocument ?? document, session.provider.awareness, presence));
  return mounted;
}

/**
 * Binds one field to the page's room as {@link mountLiveFields} does and records its presence
 * under its address; `null` when the room cannot hold it (the caller saves it over HTTP).
 *
 * @example
 * const mounted = await mountLiveField({ element, marker }, session, collab, context, pageUndo, presence);
 */
export async function mountLiveField(
  { element, marker }: MarkedElement,
  session: Session,
  collab: Collab,
  context: RestContext,
  undo: PageUndo,
  presence: Map<string, PresenceField>,
): Promise<Mounted[] | null> {
  const { doc, provider } = session;
  const json = doc.getMap<unknown>(collab.JSON_ROOT);
  const track = (target: HTMLElement, binding: FieldBinding): Mounted => ({ destroy: context.history.add(target, binding.undo) });
  let binding: FieldBinding | null = null;
  const nested = marker.below.length > 0 && !json.has(marker.root);
  const leaf = nested ? collab.findListLeaf(doc, marker.root, marker.below) : null;
  if (nested && !leaf) return null;
  if (marker.kind === "text") {
    const field = attachPlainField(element, marker, { onInput: (value) => binding?.local(value) });
    const text = marker.below.length === 0 ? doc.getText(marker.root) : (leaf?.text ?? undefined);
    binding = leaf ? collab.bindListText(field, leaf, undo.target, context.review) : text ? collab.bindText(field, text, undo.target, context.review) : collab.bindJsonLeaf(field, json, marker.root, marker.below, undo.target);
    presence.set(marker.address, { element, ...(text ? { text } : {}) });
    return [field, binding, track(element, binding)];
  }
  if (marker.kind === "image" || isValueKind(marker.kind)) {
    const onChange = (value: unknown) => {
      binding?.local(value);
      if (binding) context.history.touched(binding.undo);
    };
    // A typed leaf (a call to action's link or style) is one value of its entry, as an image is.
    const field = isValueKind(marker.kind)
      ? (await import("./fields/value-field")).attachValueField(element, { ...marker, kind: marker.kind }, { onChange })
      : attachImageField(element, marker, { ...context.images, onChange });
    // A top-level typed field is its whole value in the `json` map (the path below it is empty).
    binding = leaf ? collab.bindListValue(field, leaf, undo.target) : collab.bindJsonLeaf(field, json, marker.root, marker.below, undo.target);
    presence.set(marker.address, { element: field.control, outlineOnly: true });
    return [field, binding, track(field.control, binding)];
  }
  if (marker.kind === "richtext" && marker.below.length === 0) {
    const rich = await context.loadRich();
    const fragment = doc.getXmlFragment(marker.root);
    const sync = collab.richCollab(fragment, provider.awareness, undo.target);
    const suggest = context.review ? (await import("./suggest/rich-suggest")).richSuggest(fragment, context.review) : null;
    const editor = rich.mountRichText(element, {
      label: `Edit ${humanName(marker.field)}`,
      ...sync,
      ...(suggest ? { plugins: [...sync.plugins, ...suggest.plugins], wrapDispatch: suggest.wrapDispatch } : {}),
      images: { ...context.images, allowUrl: marker.allowUrl },
    });
    presence.set(marker.address, { element, outlineOnly: true, view: editor.view });
    return [editor, { destroy: context.history.add(element, undo.target) }, { destroy: suggest?.attach(editor.view) ?? (() => undefined) }];
  }
  return null;
}
