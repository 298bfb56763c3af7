/**
 * The edit-mode tail of a demo page: mounts the inline client (its handle stays on
 * `window.louise` for the console and tests; the bar offers the contact form's inquiries) and opens the settings panel (site name and tagline)
 * when the edit bar's Settings button is pressed (read-only for an editor without the publish
 * privilege, whom the server would refuse). Visitors never get it. `extraOptions` are more
 * `mountLouise` options, written as JavaScript object members. `nonce` is the response's CSP
 * script nonce.
 *
 * @example
 * editorScript(1, true, "", nonce) // '<script type="module" nonce="…">…mountLouise({ versionedPageId: 1, canPublish: true })…</script>'
 */
export function editorScript(pageId: number, canPublish: boolean, extraOptions = "", nonce = ""): string {
  return `<script type="module" nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, "")}">
import { mountLouise, openSettingsPanel } from "/cms-client/louise.js";
window.louise = mountLouise({ versionedPageId: ${Number(pageId)}, canPublish: ${canPublish === true}, inquiriesUrl: "/api/cms/inquiries"${extraOptions ? `, ${extraOptions}` : ""} });
const fields = [{ key: "siteName", label: "Site name" }, { key: "tagline", label: "Tagline" }];
window.addEventListener("cms:open-settings", () => openSettingsPanel(document, { fields, canChange: ${canPublish === true}, onSaved: () => location.reload() }));
</script>`;
}
