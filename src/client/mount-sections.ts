import type { PresenceField } from "./collab";
import { readMarker } from "./markers";
import { mountLiveField, mountLiveFields } from "./mount-live";
import { followReadOnly } from "./read-only-follow";

export { isUnseeded } from "./mount-live";
import type { MarkedElement, Mounted } from "./mount-options";
import type { RestContext } from "./mount-rest";

type Collab = typeof import("./collab");
type Session = NonNullable<Awaited<ReturnType<Collab["connectLive"]>>>;

/**
 * Binds a page's fields to its room, the page's list of sections through the sections editor: a
 * `[data-cms-list]` container whose field the room holds as a list of entries is drawn and edited
 * from the room's `Y.Array` (its server-rendered fields are left to it), every other field is bound
 * as {@link mountLiveFields} binds it. Every edit of the page in the room, typing and structure
 * alike, is a step of one undo history of this editor's own (`createPageUndo`). Every bound field
 * is recorded in `presence` under its current address (the comments find their fields there). A
 * plain or rich text field the editor may only read follows the room's value (`followReadOnly`).
 *
 * @example
 * mounted.push(...(await mountLivePage(found, session, collab, context)));
 */
export async function mountLivePage(
  items: readonly MarkedElement[],
  session: Session,
  collab: Collab,
  context: RestContext,
  presence = new Map<string, PresenceField>(),
): Promise<Mounted[]> {
  const undo = collab.createPageUndo(session.doc);
  const doc = items[0]?.element.ownerDocument ?? document;
  const container = doc.querySelector<HTMLElement>("[data-cms-list]");
  const field = container?.dataset.cmsList;
  const listed = container && field && !session.doc.getMap(collab.JSON_ROOT).has(field) ? container : null;
  const others = items.filter(({ element }) => !listed?.contains(element));
  // The fields this editor only reads still show what others write.
  const readOnly = followReadOnly(doc, items, session.doc, collab.richNodesOf);
  if (!listed) return [undo, readOnly, ...(await mountLiveFields(others, session, collab, context, undo, presence))];
  const { mountSectionsEditor } = await import("./sections/sections-editor");
  const sections = mountSectionsEditor({
    container: listed,
    doc: session.doc,
    awareness: session.provider.awareness,
    fieldState: collab.FIELD_STATE,
    presence,
    history: context.history,
    undo: undo.target,
    structureOrigin: collab.STRUCTURE_ORIGIN,
    suggesting: () => context.review?.suggesting() ?? null,
    bindField: (element, found) => {
      const marker = readMarker(element);
      return marker ? mountLiveField({ element, marker }, session, collab, context, undo, found) : Promise.resolve(null);
    },
  });
  // The undo goes last: fields and sections are torn down before it.
  return [undo, readOnly, sections, ...(await mountLiveFields(others, session, collab, context, undo, presence))];
}
