import { exportSiteArchive } from "../cores/export/site-export";
import { missingBinding } from "../shared/misconfigured";
import { PACKAGE_VERSION } from "../shared/package-version";
import { assertAdmin } from "../shared/publish-privilege";
import type { EditorRoute, EditorRouteEnv } from "../shared/route-types";
import type { ResolveEditor } from "../shared/session";
import { guardEditor } from "./guard";
import { matchPath } from "./match-path";
import { assertMethod, withErrorEdge } from "./run-editor-route";

export interface ExportRouteConfig<Env extends EditorRouteEnv = EditorRouteEnv> {
  resolveEditor: ResolveEditor<Env>;
  /**
   * Makes every room write its acknowledged edits to D1 before the rows are read (`createCms`
   * hands in `flushUnflushedRooms`); without rooms, nothing to do.
   */
  flushRooms?: (env: Env) => Promise<unknown>;
  /** Default `/api/cms/export`. */
  path?: string;
}

/** The file extension of a site archive, the same as the CLI's examples use. */
export const ARCHIVE_EXTENSION = ".cms";

/**
 * `GET /api/cms/export`, admins only (403 `forbidden_admin`): the whole site as one archive, the
 * same bytes `cms-toolkit export` writes of the same state (docs/export-format.md), streamed as a
 * download named `<host>-<YYYY-MM-DD>.cms`. Rooms write their edits first, so the archive holds
 * every edit acknowledged before the request. Password hashes are never in it (the CLI's
 * `--with-credentials` has no counterpart here). Needs `MEDIA`: the rows wait there, under a prefix
 * no media address reaches, while the manifest is made.
 *
 * @example
 * const route = exportRoute<Env>({ resolveEditor, flushRooms: flushUnflushedRooms });
 */
export function exportRoute<Env extends EditorRouteEnv>(config: ExportRouteConfig<Env>): EditorRoute<Env> {
  const path = config.path ?? "/api/cms/export";
  return withErrorEdge<Env>(async (request, env) => {
    const url = new URL(request.url);
    if (!matchPath(path, url.pathname)) return undefined;
    assertMethod(request, ["GET"]);
    assertAdmin(await guardEditor(request, env, config.resolveEditor), "exporting the site");
    if (!env.MEDIA) throw missingBinding("MEDIA", "R2 bucket", "exporting the site");
    await config.flushRooms?.(env);
    const body = await exportSiteArchive({ db: env.DB, media: env.MEDIA, spool: env.MEDIA, packageVersion: PACKAGE_VERSION });
    return new Response(body, {
      headers: {
        "content-type": "application/x-ndjson; charset=utf-8",
        "content-disposition": `attachment; filename="${archiveFileName(url.hostname, new Date())}"`,
        "cache-control": "private, no-store",
      },
    });
  });
}

/**
 * The download's file name: the site's host and the UTC date, in characters every file system takes.
 *
 * @example
 * archiveFileName("www.example.com", new Date("2026-11-28T20:00:00Z")) // "www.example.com-2026-11-28.cms"
 */
export function archiveFileName(host: string, at: Date): string {
  const site = host.replace(/[^A-Za-z0-9.-]/g, "-") || "site";
  return `${site}-${at.toISOString().slice(0, 10)}${ARCHIVE_EXTENSION}`;
}
