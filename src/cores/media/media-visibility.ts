import type { Table } from "drizzle-orm";
import { isScoped } from "../../shared/access-scope";
import { HttpError } from "../../shared/errors";
import { assertPublisher } from "../../shared/publish-privilege";
import { findRowBy } from "../pages/page-store";
import { tableMeta } from "../table-meta";
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

/**
 * A scoped account's media rule: it may upload (its images are its own) and change or delete the
 * assets it uploaded, never another account's (403 `out_of_scope`): an asset is shared by every
 * page that shows it, and those may lie outside the account's scope. Unscoped accounts pass; an
 * unknown key passes to the write that answers its 404.
 *
 * @example
 * await assertOwnMediaWhenScoped(env.DB, media, session, key);
 */
export async function assertOwnMediaWhenScoped(db: D1Client, registry: Table, session: Pick<EditorSession, "access" | "email">, key: string): Promise<void> {
  if (!isScoped(session.access?.scope)) return;
  const meta = tableMeta(registry);
  const row = await findRowBy(db, meta, "key", key);
  if (row && row.uploadedBy !== session.email) {
    throw new HttpError(403, "a scoped account changes and deletes only the media it uploaded", { code: "out_of_scope" });
  }
}
