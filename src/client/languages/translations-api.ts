import { callJson, type Answer } from "../call-json";
import { compareFields, type FieldComparison } from "../history/field-compare";
import { htmlToTokens } from "../history/html-text";
import { parseVersionList, type VersionEntry } from "../history/versions-api";
import type { LanguagesContext } from "./languages-context";
import { isOutOfScope, pageAddress, parseTranslationList, type TranslationsAnswer } from "./translations";

type Context = Pick<LanguagesContext, "collection" | "pageId" | "fetch" | "languages">;

const base = (context: Context, id: number | string) => `/api/cms/${encodeURIComponent(context.collection)}/${encodeURIComponent(String(id))}`;

/**
 * This page's locales and their status (`GET …/:id/translations`). A page outside the account's
 * scope is refused with `outside: true`: the Translations panel shows it as outside its access,
 * not as a failure.
 *
 * @example
 * const listed = await loadTranslations(context);
 */
export async function loadTranslations(context: Context): Promise<TranslationsAnswer> {
  let outside = false;
  // callJson answers words; the refusal's kind is read from the response it hands over, by its code.
  const answer = await callJson(context.fetch, `${base(context, context.pageId)}/translations`, "GET", undefined, async (response) => {
    outside = await isOutOfScope(response);
    return undefined;
  });
  if (!answer.ok) return { ...answer, outside };
  const list = parseTranslationList(answer.value);
  return list ? { ok: true, value: list } : { ok: false, error: "the site answered something other than the page's translations", outside: false };
}

/**
 * A record as the record route reads it for an editor (`GET …/:id`: its newest draft over the live row).
 *
 * @example
 * const source = await loadRecord(context, 2); // { ok: true, value: { id: 2, title: "About us", … } }
 */
export async function loadRecord(context: Context, id: number): Promise<Answer<Record<string, unknown>>> {
  const answer = await callJson(context.fetch, base(context, id), "GET");
  if (!answer.ok) return answer;
  const value = answer.value;
  return value !== null && typeof value === "object" && !Array.isArray(value) ? { ok: true, value: value as Record<string, unknown> } : { ok: false, error: "the site answered something other than a record" };
}

/**
 * A record's current fields: its newest version (draft or published; `GET …/:id/versions?limit=1`)
 * over its live row. The record route alone reads the live row, which an unpublished draft has not reached.
 *
 * @example
 * const source = await loadCurrent(context, 2); // { ok: true, value: { title: "About us (draft)", … } }
 */
export async function loadCurrent(context: Context, id: number): Promise<Answer<Record<string, unknown>>> {
  const [record, versions] = await Promise.all([loadRecord(context, id), callJson(context.fetch, `${base(context, id)}/versions?limit=1`, "GET")]);
  if (!record.ok) return record;
  if (!versions.ok) return versions;
  const newest = parseVersionList(versions.value).items[0];
  return { ok: true, value: { ...record.value, ...newest?.data } };
}

/**
 * The address of a record in `locale`, from its slug (`GET …/:id`): where the switcher goes.
 *
 * @example
 * await recordAddress(context, 9, "de") // { ok: true, value: "/de/ueber-uns" }
 */
export async function recordAddress(context: Context, id: number, locale: string): Promise<Answer<string>> {
  const answer = await loadRecord(context, id);
  if (!answer.ok) return answer;
  const slug = answer.value.slug;
  return typeof slug === "string" ? { ok: true, value: pageAddress(context.languages, locale, slug) } : { ok: false, error: "the page has no address" };
}

/**
 * Makes this page's translation into `locale` from the source's draft (a versions `POST` with
 * `?locale=`, which makes the translation and writes its first draft, the source's fields as
 * they are) and answers its address. Translating a locale someone translated a moment ago opens theirs.
 *
 * @example
 * const made = await translate(context, 2, "de"); // { ok: true, value: "/de/about" }
 */
export async function translate(context: Context, sourceId: number, locale: string): Promise<Answer<string>> {
  const answer = await callJson(context.fetch, `${base(context, sourceId)}/versions?locale=${encodeURIComponent(locale)}`, "POST", {});
  if (!answer.ok) return answer;
  const made = answer.value as { id?: unknown; snapshot?: { slug?: unknown } } | null;
  if (typeof made?.id === "number" && typeof made.snapshot?.slug === "string") return { ok: true, value: pageAddress(context.languages, locale, made.snapshot.slug) };
  const listed = await loadTranslations(context);
  const entry = listed.ok ? listed.value.translations.find((item) => item.locale === locale) : undefined;
  return entry?.id ? recordAddress(context, entry.id, locale) : { ok: false, error: "the translation was not made" };
}

/**
 * Marks this page's translation into `locale` up to date with its source's newest version.
 *
 * @example
 * await markUpToDate(context, "de");
 */
export async function markUpToDate(context: Context, sourceId: number, locale: string): Promise<Answer<unknown>> {
  return callJson(context.fetch, `${base(context, sourceId)}/translations/${encodeURIComponent(locale)}/up-to-date`, "POST");
}

/* Pages of the source's history read looking for two versions; a long history past this shows no diff. */
const MAX_PAGES = 20;

/**
 * What changed in the source between two of its versions, field by field (the history panel's
 * word diff): the changed fields only. `from` null (a translation that names no source version)
 * compares with an empty page.
 *
 * @example
 * const changes = await sourceChanges(document, context, 2, { from: 5, to: 8 }, new Set(["body"]));
 */
export async function sourceChanges(doc: Document, context: Context, sourceId: number, versions: { from: number | null; to: number }, richFields: ReadonlySet<string>): Promise<Answer<FieldComparison[]>> {
  const wanted = new Map<number, VersionEntry>();
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url: string = `${base(context, sourceId)}/versions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
    const answer = await callJson(context.fetch, url, "GET");
    if (!answer.ok) return answer;
    const list = parseVersionList(answer.value);
    for (const item of list.items) if (item.id === versions.from || item.id === versions.to) wanted.set(item.id, item);
    const done = wanted.has(versions.to) && (versions.from === null || wanted.has(versions.from));
    if (done || list.next === null) break;
    cursor = list.next;
  }
  const after = wanted.get(versions.to);
  if (!after) return { ok: false, error: "the source's versions could not be found" };
  const before = versions.from === null ? {} : wanted.get(versions.from)?.data;
  if (!before) return { ok: false, error: "the version this translation was made from is no longer kept" };
  const comparisons = compareFields(before, after.data, { richFields, htmlToTokens: (html) => htmlToTokens(doc, html) });
  return { ok: true, value: comparisons.filter((comparison) => comparison.changed) };
}
