import { assertPublisher } from "../../shared/publish-privilege";
import type { EditorSession } from "../../shared/session";
import type { D1Client } from "../d1-client";
import { findMediaReferences, type MediaReferenceTarget } from "./media-references";

/**
 * Refuses (403 `forbidden_publish`) an editor without the publish privilege who would change what
 * visitors see of an asset: `key` under `mediaBase` is referenced (in any spelling, see
 * `findMediaReferences`) by a table visitors read (any target not marked `drafts`). An asset used only in drafts, or not at all, stays free to edit. A publisher skips the scan.
 *
 * @example
 * await assertMayChangeVisibleMedia(env.DB, session, references, env.MEDIA_URL, key, "changing the alt text of an image visitors see");
 */
export async function assertMayChangeVisibleMedia(
  db: D1Client,
  session: Pick<EditorSession, "access">,
  targets: readonly MediaReferenceTarget[],
  mediaBase: string,
  key: string,
  action: string,
): Promise<void> {
  if (session.access?.publish === true) return;
  const visible = targets.filter((target) => target.drafts !== true);
  if ((await findMediaReferences(db, visible, mediaBase, key)).length > 0) assertPublisher(session, action);
}
