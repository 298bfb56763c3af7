/**
 * The edit-mode tail of a demo page: mounts the inline client (its handle stays on
 * `window.louise` for the console and tests) with the page buttons of the edit bar ("New page",
 * "Pages", and "Page": the address, and deleting for a publisher) and the contact form's
 * inquiries, and opens the settings panel (site name, tagline and the menu) when the edit bar's
 * Settings button is pressed (read-only for an editor without the publish privilege, whom the
 * server would refuse). Visitors never get it. `extraOptions` are more `mountLouise` options,
 * written as JavaScript object members. `nonce` is the response's CSP script nonce; `slug` the
 * page's slug as edit mode shows it.
 *
 * @example
 * editorScript(1, true, "", nonce, "home") // '<script type="module" nonce="…">…mountLouise({ versionedPageId: 1, canPublish: true, barActions })…</script>'
 */
export function editorScript(pageId: number, canPublish: boolean, extraOptions = "", nonce = "", slug = ""): string {
  const publisher = canPublish === true;
  return `<script type="module" nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, "")}">
import { mountLouise, openSettingsPanel, loadPageDialogs } from "/cms-client/louise.js";
const page = { pageId: ${Number(pageId)}, slug: ${JSON.stringify(slug).replace(/</g, "\\u003c")}, canDelete: ${publisher} };
const barActions = [
  { icon: "new-page", text: "New page", label: "Create a new page", onClick: () => loadPageDialogs().then((d) => d.openNewPageDialog(document, {})) },
  { icon: "pages", text: "Pages", label: "Pages: find a page", onClick: () => loadPageDialogs().then((d) => d.openPageList(document, {})) },
  { icon: "page", text: "Page", label: "Page address and deletion", onClick: () => loadPageDialogs().then((d) => d.openPageSettings(document, page)) },
];
window.louise = mountLouise({ versionedPageId: ${Number(pageId)}, canPublish: ${publisher}, barActions, inquiriesUrl: "/api/cms/inquiries", activityUrl: "/api/cms/activity"${extraOptions ? `, ${extraOptions}` : ""} });
const fields = [{ key: "siteName", label: "Site name" }, { key: "tagline", label: "Tagline" }];
window.addEventListener("cms:open-settings", () => openSettingsPanel(document, { fields, menu: true, canChange: ${publisher}, onSaved: () => location.reload() }));
</script>`;
}
