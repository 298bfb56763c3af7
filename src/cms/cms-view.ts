import { isPositiveId } from "../shared/write-input";
import { resumeReadSession } from "../cores/d1-session";
import { mayAccessRecord } from "../cores/access";
import { loadEditableDocument } from "../cores/drafts";
import { findRowBy } from "../cores/pages/page-store";
import { tableMeta } from "../cores/table-meta";
import type { EditorRouteEnv } from "../shared/route-types";
import type { EditorSession, ResolveEditor } from "../shared/session";
import { VALUE_TYPES } from "../cores/field-types";
import type { FieldDef } from "../shared/field-def";
import { pageLanguages, translationReadOnly, withFallbacks, type PageLanguages } from "../shared/page-languages";
import { readTranslated } from "../cores/translations/read-translated";
import type { Languages } from "../shared/locales";
import type { InlinePath } from "./cms-collection";
import type { CmsCollections, CmsFieldName, RegisteredCollection } from "./cms-registry";

/** A record as its page shows it: to an editor (edit mode) or to a visitor. */
export interface CmsPageView {
  /** The signed-in editor, or `null` for a visitor. */
  editor: EditorSession | null;
  /** Edit mode: the newest pending draft over the live row. A visitor: the live row. */
  document: Record<string, unknown>;
  /** A `Set-Cookie` value to append (the read-after-write bookmark of edit mode), or `null`. */
  setCookie: string | null;
  /**
   * Edit mode of a translated collection on a site of several languages: the page's language, for
   * `editorScriptTag`'s `languages` (the edit bar's Language action; a translation's shared fields
   * read-only; its empty fields' `fallbacks`, the text visitors read there instead).
   */
  languages?: ViewLanguages;
}

/** A page's language as `loadPageView` gives it, with the collection whose shared fields a translation shows read-only. */
export interface ViewLanguages extends PageLanguages {
  collection: string;
}

/**
 * Reads one record for its page, by the rule every site needs: an editor resumes the newest
 * pending draft (through a D1 session anchored at the browser's last write, so a draft just saved
 * is seen); a visitor gets the live row, and only once it is published (a drafts collection), and
 * so does an editor whose scope leaves the record out. `null` when there is nothing to show
 * (render a 404).
 *
 * @example
 * const view = await loadPageView(request, env, { entry, resolveEditor }, 12);
 */
export async function loadPageView<Env extends EditorRouteEnv>(
  request: Request,
  env: Env,
  source: { entry: RegisteredCollection; resolveEditor: ResolveEditor<Env>; languages?: Languages | null },
  id: number,
): Promise<CmsPageView | null> {
  if (!isPositiveId(id)) return null;
  const { entry, resolveEditor } = source;
  const signedIn = await resolveEditor(request, env);
  const drafts = Boolean(entry.declared.versionsTable && entry.config.versions?.drafts);
  const visit = async (): Promise<CmsPageView | null> => {
    const live = await findRowBy(env.DB, tableMeta(entry.declared.table), "id", id);
    if (!live || (drafts && (live.publishedVersionId ?? null) === null)) return null;
    return { editor: null, document: live, setCookie: null };
  };
  if (!signedIn) return visit();
  const editor = signedIn;
  const read = resumeReadSession(env.DB, request.headers.get("cookie"));
  const document = drafts && entry.declared.versionsTable
    ? (await loadEditableDocument(read.client, { table: entry.declared.table, versionsTable: entry.declared.versionsTable, config: entry.config }, id))?.document
    : await findRowBy(read.client, tableMeta(entry.declared.table), "id", id);
  if (!document) return null;
  // A record outside the editor's scope is theirs only to visit: the published row, no editor.
  if (!mayAccessRecord(editor, entry.config, document)) return visit();
  const languages = await withVisitorsFallbacks(read.client, entry, source.languages ?? null, document, pageLanguages(source.languages, document, entry.localized));
  return {
    editor,
    document,
    setCookie: read.commit({ secure: new URL(request.url).protocol === "https:" }),
    ...(languages ? { languages: { ...languages, collection: entry.slug } } : {}),
  };
}

/* A translation's page language with the text visitors read in place of its empty fields (the client marks it beside them). */
async function withVisitorsFallbacks(
  db: Parameters<typeof readTranslated>[0],
  entry: RegisteredCollection,
  languages: Languages | null,
  document: Record<string, unknown>,
  page: PageLanguages | undefined,
): Promise<PageLanguages | undefined> {
  const versionsTable = entry.declared.versionsTable;
  if (!page || page.sourceId === null || page.sourceId === undefined || !versionsTable) return page;
  const visitorsRead = await readTranslated(db, { table: entry.declared.table, versionsTable, config: entry.config, ...(entry.localized ? { localized: entry.localized } : {}) }, languages, document, "live");
  return withFallbacks(page, visitorsRead.fallbacks, visitorsRead.row);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;", "'": "&#39;" };
const escapeAttribute = (value: string) => value.replace(/[&"<>']/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);

/**
 * The marker attributes that make an element editable in place (` data-cms-field="…"`, plus
 * `data-cms-type` naming the editor for any field that is not plain text, and for a typed field
 * its declaration as `data-cms-def` JSON: the unit, bounds and options the editor shows), escaped
 * for an HTML attribute. Render them for editors only. `type` is a type name or the field's
 * declaration (`cms.marker` passes the declared one itself). Given the site's collections as its
 * type argument (or called as `cms.marker`), the collection and field names are checked at compile time.
 *
 * @example
 * `<h1${cmsMarker<typeof collections>("posts", 12, "title")}>` // <h1 data-cms-field="posts:12:title">
 * cmsMarker("events", 3, "price", { type: "number", unit: "EUR" })
 * // ' data-cms-field="events:3:price" data-cms-type="number" data-cms-def="{&quot;type&quot;:&quot;number&quot;,&quot;unit&quot;:&quot;EUR&quot;}"'
 */
export function cmsMarker<C extends CmsCollections = CmsCollections, K extends keyof C & string = keyof C & string>(
  collection: K,
  key: string | number,
  field: InlinePath<CmsFieldName<C, K>>,
  type?: "richtext" | "image" | FieldDef,
): string {
  const address = ` data-cms-field="${escapeAttribute(`${collection}:${key}:${field}`)}"`;
  const def = typeof type === "object" ? type : undefined;
  const name = def ? def.type : type;
  if (!name || name === "text" || name === "json") return address;
  const typed = `${address} data-cms-type="${name}"`;
  return def && VALUE_TYPES.has(def.type) ? `${typed} data-cms-def="${escapeAttribute(JSON.stringify(def))}"` : typed;
}

/** Options of {@link editorScriptTag}. */
export interface EditorScriptOptions {
  /** The record's id; its collection reaches the client through the page's markers (`cmsMarker`). */
  id: number;
  /** Show the Publish button (the editor's `access.publish`). */
  canPublish: boolean;
  /** Where the client is served; default `/cms-client/louise.js` (`npx cms-toolkit client <assets>`). */
  src?: string;
  /** The signed-in editor (`{ id, name }` of the session): offers Suggest mode, whose suggestions carry this author. */
  editor?: { id: number | string; name: string };
  /** Start editors without the publish right in Suggesting mode. */
  suggestByDefault?: boolean;
  /** The page's language (`view.languages` of `cms.view`): the edit bar's Language action, and a translation's shared fields read-only. */
  languages?: ViewLanguages;
}

/**
 * The `<script type="module">` that mounts the inline editor on an edit-mode page: live editing in
 * the record's room, auto-save, history, and Publish (to `/api/cms/<collection>/<id>/publish`, the
 * collection read from the page's markers) for publishers. Render it for editors only.
 *
 * @example
 * html += editorScriptTag({ id: 12, canPublish: editor.access.publish, editor: { id: Number(editor.id), name: editor.name }, languages: view.languages });
 */
export function editorScriptTag(options: EditorScriptOptions): string {
  const src = JSON.stringify(options.src ?? "/cms-client/louise.js");
  const { collection, ...languages } = options.languages ?? { collection: "" };
  const shared = options.languages ? translationReadOnly(options.languages) : [];
  // The client finds the collection (`/api/cms/<collection>/<id>/…`, the room) from the page's markers.
  const mount = JSON.stringify({
    versionedPageId: options.id,
    canPublish: options.canPublish === true,
    ...(options.editor ? { editor: { id: options.editor.id, name: options.editor.name } } : {}),
    ...(options.suggestByDefault === true ? { suggestByDefault: true } : {}),
    ...(options.languages ? { languages } : {}),
    ...(shared.length > 0 ? { readOnlyFields: { [collection]: shared } } : {}),
  });
  // Every `<` is inside a string literal here, so escaping it keeps any value from closing the element.
  const code = `import { mountLouise } from ${src}; window.louise = mountLouise(${mount});`.replace(/</g, "\\u003c");
  return `<script type="module">${code}</script>`;
}
