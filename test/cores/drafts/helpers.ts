import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { DraftDeps } from "../../../src/cores/drafts";
import { insertRow } from "../../../src/cores/pages/page-store";
import { assertValidSections } from "../../../src/cores/sections";
import { tableMeta } from "../../../src/cores/table-meta";
import { pagesCollection, sectionCatalog } from "../../../src/site/collections";
import { pages, pagesVersions } from "../../../src/tables/pages";

/* Shared setup of the draft core tests: the reference site's pages, its catalog check on sections. */

export const deps: DraftDeps = {
  table: pages,
  versionsTable: pagesVersions,
  config: pagesCollection,
  validate: (snapshot, { operation }) => {
    if (snapshot.sections !== undefined) assertValidSections(sectionCatalog, snapshot.sections, { operation });
  },
};

let counter = 0;
/** A word no other test uses, so tests sharing one database never see each other's rows. */
export function uniqueWord(prefix = "w"): string {
  return `${prefix}${Date.now().toString(36)}x${(++counter).toString(36)}`;
}

/** Creates a live row that was never published. */
export async function newPage(fields: Record<string, unknown> = {}): Promise<number> {
  const row = await insertRow(env.DB, tableMeta(pages), { slug: uniqueWord("page-"), title: "Original title", body: "<p>Original</p>", sections: [], ...fields });
  return row.id as number;
}

export interface VersionRow {
  id: number;
  status: string;
  data: Record<string, unknown>;
}

/** A page's version rows, oldest first, straight from the table. */
export async function versionRows(pageId: number): Promise<VersionRow[]> {
  const { results } = await env.DB.prepare("SELECT id, status, version_data FROM pages_versions WHERE parent_id = ?1 ORDER BY id")
    .bind(pageId)
    .all<{ id: number; status: string; version_data: string }>();
  return results.map((r) => ({ id: r.id, status: r.status, data: JSON.parse(r.version_data) as Record<string, unknown> }));
}

/** The live row, straight from the table (sections parsed). */
export async function liveRow(pageId: number): Promise<Record<string, unknown>> {
  const row = await env.DB.prepare("SELECT * FROM pages WHERE id = ?1").bind(pageId).first<Record<string, unknown>>();
  expect(row).not.toBeNull();
  return { ...row, sections: JSON.parse(row!.sections as string) };
}
