import type { TranslatedRead } from "../cores/translations/read-translated";
import { pageLanguages, withFallbacks, type PageLanguages } from "../shared/page-languages";
import { siteCms, type SiteCms } from "./cms";
import type { PageDocument } from "./render/page-html";

/**
 * What an edit-mode page of the site tells the client of its language (`editorScript`'s
 * `languages`): the page's locale, and on a translation its shared fields and the text visitors see
 * in place of its empty fields (`visitorsRead`, the page as `sitePages` read it for them), as
 * `registry` declares the site's languages and the shared fields of `pages` (the site's own by default).
 *
 * @example
 * editorScript(page.id, editor.access, "", nonce, page.slug, "pages", editModeLanguages(page, visitorsRead));
 */
export function editModeLanguages(page: PageDocument, visitorsRead: TranslatedRead, registry: SiteCms["registry"] = siteCms.registry): PageLanguages | undefined {
  const languages = pageLanguages(registry.languages, page, registry.get("pages")?.localized);
  return withFallbacks(languages, visitorsRead.fallbacks, visitorsRead.row);
}
