import { readOnlyFieldsOf } from "../../shared/access-check";
import { translationReadOnly, type PageLanguages } from "../../shared/page-languages";
import type { EditorSession } from "../../shared/session";
import { SITE_LANGUAGES } from "../site-languages";

/**
 * The edit-mode tail of a demo page: mounts the inline client (its handle stays on
 * `window.louise` for the console and tests) with the page buttons of the edit bar ("New page",
 * "Pages", and "Page": the address, and deleting for a publisher) and the contact form's
 * inquiries and the Account panel (two-step sign-in), and opens the settings panel (site name,
 * tagline and the menu, with a label per language) when the edit bar's Settings button is pressed (read-only for anyone but an
 * admin, whom alone the server lets change them). An admin also gets "Team", the panel of accounts
 * and invites (offering the site's languages as a scope's, on every page, translated or not). Fields the account's scope makes read-only on `collection` get no editor. Visitors
 * never get it. `extraOptions` are more `mountLouise` options, written as JavaScript object members.
 * `nonce` is the response's CSP script nonce; `slug` the page's slug as edit mode shows it.
 * `languages` (`pageLanguages`, on a site of several) gives the client the page's language: the
 * edit bar's Language action, and on a translation its shared fields read-only, as a scope's are.
 *
 * @example
 * editorScript(1, session.access, "", nonce, "home") // '<script type="module" nonce="…">…mountLouise({ versionedPageId: 1, canPublish: true, barActions, … })…</script>'
 */
export function editorScript(
  pageId: number,
  access: EditorSession["access"],
  extraOptions = "",
  nonce = "",
  slug = "",
  collection = "pages",
  languages?: PageLanguages,
): string {
  const publisher = access.publish === true;
  const canManagePeople = access.admin === true;
  const readOnly = [...new Set([...readOnlyFieldsOf(access.scope, collection), ...translationReadOnly(languages)])];
  const readOnlyOption = readOnly.length > 0 ? `, readOnlyFields: ${JSON.stringify({ [collection]: readOnly }).replace(/</g, "\\u003c")}` : "";
  const languagesOption = languages ? `, languages: ${JSON.stringify(languages).replace(/</g, "\\u003c")}` : "";
  return `<script type="module" nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, "")}">
import { mountLouise, openSettingsPanel, loadPageDialogs, loadTeamPanel } from "/cms-client/louise.js";
const page = { pageId: ${Number(pageId)}, slug: ${JSON.stringify(slug).replace(/</g, "\\u003c")}, canDelete: ${publisher} };
const barActions = [
  { icon: "new-page", text: "New page", label: "Create a new page", onClick: () => loadPageDialogs().then((d) => d.openNewPageDialog(document, {})) },
  { icon: "pages", text: "Pages", label: "Pages: find a page", onClick: () => loadPageDialogs().then((d) => d.openPageList(document, {})) },
  { icon: "page", text: "Page", label: "Page address and deletion", onClick: () => loadPageDialogs().then((d) => d.openPageSettings(document, page)) },${
    canManagePeople === true
      ? `\n  { icon: "team", text: "Team", label: "Team: accounts and invites", onClick: () => loadTeamPanel().then((t) => t.openTeamPanel(document, { fetch: (input, init) => fetch(input, init), collections: ["pages", "courses"], locales: ${JSON.stringify(SITE_LANGUAGES.locales)} })) },`
      : ""
  }
];
window.louise = mountLouise({ versionedPageId: ${Number(pageId)}, canPublish: ${publisher}, barActions, inquiriesUrl: "/api/cms/inquiries", accountUrl: "/api/cms/session/totp", activityUrl: "/api/cms/activity"${readOnlyOption}${languagesOption}${extraOptions ? `, ${extraOptions}` : ""} });
const fields = [{ key: "siteName", label: "Site name" }, { key: "tagline", label: "Tagline" }];
window.addEventListener("cms:open-settings", () => openSettingsPanel(document, { fields, menu: true, languages: ${JSON.stringify(SITE_LANGUAGES)}, canChange: ${access.admin === true}, onSaved: () => location.reload() }));
</script>`;
}

/**
 * The `mountLouise` option naming the signed-in editor (`editor: { id, name }`), for
 * `editorScript`'s `extraOptions`: suggestions made in Suggesting mode carry this author, a
 * numeric id as a number.
 *
 * @example
 * editorScript(1, session.access, editorOption(session), nonce, "home")
 */
export function editorOption(editor: Pick<EditorSession, "id" | "name">): string {
  const id = /^\d{1,15}$/.test(editor.id) ? Number(editor.id) : editor.id;
  return `editor: ${JSON.stringify({ id, name: editor.name }).replace(/</g, "\\u003c")}`;
}

